//===- FindLaunch.cpp - A device-side launch in a statement ---------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/FindLaunch.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cdp {

const CUDAKernelCallExpr *
findLaunch(const Stmt *Root,
           llvm::function_ref<bool(const CUDAKernelCallExpr &)> Matches) {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::function_ref<bool(const CUDAKernelCallExpr &)> Matches;
    const CUDAKernelCallExpr *Found = nullptr;
    bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Launch) {
      if (Matches(*Launch))
        Found = Launch;
      return !Found;
    }
  } Find;
  Find.Matches = Matches;
  if (Root)
    Find.TraverseStmt(const_cast<Stmt *>(Root));
  return Find.Found;
}

} // namespace cdp
