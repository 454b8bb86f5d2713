//===- FindLaunch.h - A device-side launch in a statement -------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One search for the `<<<>>>` launches written in a statement, so that the
// questions asked of a body's launches (does it launch itself, into its null
// stream, only children of a kind) differ only in the question.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_FINDLAUNCH_H
#define CDP_LOWER_CUDAAST_FINDLAUNCH_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class CUDAKernelCallExpr;
class Stmt;
} // namespace clang

namespace cdp {

/// The first `<<<>>>` launch written in \p Root (in the order a
/// RecursiveASTVisitor meets them) for which \p Matches holds; null when
/// there is none, or no \p Root.
const clang::CUDAKernelCallExpr *
findLaunch(const clang::Stmt *Root,
           llvm::function_ref<bool(const clang::CUDAKernelCallExpr &)> Matches);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_FINDLAUNCH_H
