//===- KernelName.h - How messages name a kernel ----------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One way for every check and every lowering message to name the kernel a
// launch starts, so that the same kernel reads the same everywhere.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_KERNELNAME_H
#define CDP_LOWER_CUDAAST_KERNELNAME_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace cdp {

/// \p Kernel quoted, by its name with its template arguments and without
/// its scope ('child', 'fill<float, 8>'); when the kernel is not known (a
/// launch through a pointer), the callee as the launch writes it
/// (\p Written, quoted), or else \p Unknown as it is.
std::string quotedKernelName(const clang::FunctionDecl *Kernel,
                             llvm::StringRef Written = "",
                             llvm::StringRef Unknown = "the kernel");

/// The kernel \p Launch starts, quoted as quotedKernelName() quotes it:
/// \p Kernel when known, else the callee as written
/// ('quicksort<T>' in a template, where the launch names no one kernel).
std::string quotedLaunchedKernel(const clang::CUDAKernelCallExpr &Launch,
                                 const clang::FunctionDecl *Kernel,
                                 const clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_KERNELNAME_H
