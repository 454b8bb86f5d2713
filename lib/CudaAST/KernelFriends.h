//===- KernelFriends.h - The classes that befriend a kernel -----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A kernel that a class befriends may reach the class's private members:
//
//   template <class T> class Tree {
//     T nodes[64];
//     template <class U> friend __global__ void visit(Tree<U> *, int);
//   };
//
// A copy of the kernel's body that the tool writes (the aggregated kernel)
// reaches them only where the class befriends the copy too.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_KERNELFRIENDS_H
#define CDP_LOWER_CUDAAST_KERNELFRIENDS_H

#include "llvm/ADT/SmallVector.h"

namespace clang {
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace cdp {

/// The friend declarations of \p Kernel (a definition, or a template's
/// pattern) as written in classes outside system headers: once each, not
/// again for each instantiation of a class template. For a kernel
/// template, the friend templates' patterns. A friend that names one
/// specialization (`friend void k<>(...)`) is not among them.
llvm::SmallVector<const clang::FunctionDecl *, 2>
friendDeclarationsOf(const clang::FunctionDecl &Kernel,
                     const clang::SourceManager &SM);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_KERNELFRIENDS_H
