//===- ChildGridUses.h - What a kernel reads of its grid --------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An aggregated kernel runs the body of the original with blockIdx, gridDim
// and blockDim of the launch it stands for, declared as locals that shadow
// the built-in variables. That is only right when nothing else reads the
// grid's shape: not a function the body calls, not cooperative groups, not
// inline assembly. (A function that reads only blockDim is the exception
// where the copy's blocks have the shape of the launch they stand for: a
// batch of launches of one block shape, a coarsened grid.) And when the body
// has barriers (or warp collectives), every thread of a block must run it,
// which decides the batch's kind. This finds both, through the functions the
// kernel calls, and whether a thread of the kernel loops.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_CHILDGRIDUSES_H
#define CDP_LOWER_AGGREGATION_CHILDGRIDUSES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

namespace cdp {

struct ChildGridUses {
  /// A function the kernel calls (directly or not) that reads blockIdx or
  /// gridDim, or calls cooperative groups; null when none.
  const clang::FunctionDecl *ShapeReader = nullptr;
  /// A function the kernel calls (directly or not) that reads blockDim;
  /// null when none.
  const clang::FunctionDecl *BlockDimReader = nullptr;
  /// Inline assembly that reads %ctaid, %nctaid, %ntid or %clusterid.
  const clang::Stmt *ShapeAsm = nullptr;
  /// A barrier or warp collective in the kernel or a function it calls:
  /// every thread of a block must run the body.
  bool Barriers = false;
  /// The barriers and warp collectives called in the kernel's own body, in
  /// the order written.
  llvm::SmallVector<const clang::CallExpr *, 4> KernelBarriers;
  /// The first barrier or warp collective elsewhere: in a function the
  /// kernel calls, in inline assembly, or of cooperative groups.
  const clang::Stmt *OtherBarrier = nullptr;
  /// A `__shared__` variable of a function the kernel calls.
  const clang::VarDecl *CalleeShared = nullptr;
  /// The kernel reads blockIdx, gridDim or blockDim itself.
  bool ReadsShape[3] = {false, false, false};
  /// A loop in the kernel or a function it calls, other than one from a
  /// constant to a constant of a few trips (unrolled whole): each thread's
  /// work is not bounded by the launch (--optimize's threshold reads it).
  const clang::Stmt *Loop = nullptr;
};

/// What \p Kernel (which has a body) and the functions it calls read of
/// the grid.
ChildGridUses findChildGridUses(const clang::FunctionDecl &Kernel);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_CHILDGRIDUSES_H
