//===- LaneSums.h - Sums a serial run adds up in each lane ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A child that sums into a `__shared__` variable (`atomicAdd(&total, x);`)
// keeps it, in a serial run, in a slot of global memory: every addition is
// an atomic to global memory, and, as a store, keeps the loads of the next
// thread's turn from starting before it. Where a phase only adds to the
// variable (it neither reads nor writes it otherwise, and nothing reads
// the value the addition returns), the order of its additions is not
// observable: each lane of the run adds up its threads' parts in a
// register, and adds its total to the slot once at the phase's end
// (cdp::serial::HasLaneSums). Integer additions wrap, so every grouping
// gives the same total; floating-point sums are left alone, as a grouping
// changes their rounding.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LANESUMS_H
#define CDP_LOWER_AGGREGATION_LANESUMS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace cdp {

struct BarrierPhases;

/// The additions of one phase to one `__shared__` variable.
struct LaneSum {
  /// The variable, as the child instance declares it.
  const clang::VarDecl *Variable = nullptr;
  unsigned Phase = 0;
  struct Addition {
    /// `atomicAdd(&variable, value)`, a statement of its own.
    const clang::CallExpr *Call = nullptr;
    /// Whether the value, as written, may have another type than the
    /// variable's in some instance (it then converts, as in the call).
    bool Converts = true;
  };
  /// In the order written.
  llvm::SmallVector<Addition, 2> Additions;
};

/// The phases of \p Instance (a child definition, cut into \p Phases) that
/// only add to a `__shared__` variable of type int, unsigned or unsigned
/// long long, by phase and then by the variable's declaration. \p Written
/// is the definition the copy is written from (the template's own for a
/// template instance); a variable whose type it spells with a template
/// parameter is left out, as another instance may add floats.
std::vector<LaneSum> findLaneSums(const clang::FunctionDecl &Instance,
                                  const clang::FunctionDecl &Written,
                                  const BarrierPhases &Phases);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LANESUMS_H
