//===- BarrierPhases.h - A child's body split at its barriers ---*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A serial run (--threshold) calls a child's body once per thread, one
// thread after another: a barrier inside would wait for ever. But a child
// whose barriers are `__syncthreads();` statements of its body itself (not
// inside an if or a loop) runs the same when the body is cut at them into
// phases, and every thread of a block runs one phase before any runs the
// next (cdp::serial::byWarpInPhases). That needs, and this checks:
// - no other barrier or warp collective, in the body or a function it
//   calls, and no cooperative groups;
// - no return (nor goto) before the last barrier: a thread that left would
//   still run the next phases;
// - a local that one phase declares and a later one reads is computed
//   again there, so its value must be a function of the indices, the
//   parameters that nothing changes and constants (KernelValues), never
//   changed: each phase is a block of its own;
// - its `__shared__` variables are declared in the body itself, of a size
//   known when compiled and at most MostSharedBytes in all: a serial run
//   keeps them in global memory, one copy per warp that runs one.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_BARRIERPHASES_H
#define CDP_LOWER_AGGREGATION_BARRIERPHASES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace cdp {

struct ChildGridUses;

/// The most bytes of shared memory of a child run in phases: each child's
/// slots take SharedSlotCount (8192, cdp/detail/serial-phases.cuh) times
/// as many of global memory.
constexpr uint64_t MostSharedBytes = 1024;

/// Why a child's body cannot be run in phases, and where.
struct PhaseRefusal {
  std::string Why;
  clang::SourceLocation At;
  std::string Note;
};

/// A child's body, cut at its barriers.
struct BarrierPhases {
  /// The `__syncthreads();` statements of the body, in order; one more
  /// phase than these.
  llvm::SmallVector<const clang::Stmt *, 4> Barriers;
  /// The body's declarations of `__shared__` variables, which the serial
  /// copy leaves out: the variables are members of a struct instead.
  llvm::SmallVector<const clang::DeclStmt *, 4> SharedDeclarations;
  /// For each phase, the declarations of earlier phases that it reads (or
  /// that those read), in the order written: declared again at its start.
  std::vector<llvm::SmallVector<const clang::DeclStmt *, 2>> Redeclared;
  /// The phases whose every statement is `if (threadIdx.x == 0 ...) ...`:
  /// only threads of x index 0 do anything in them, so the serial run
  /// steps over only those (a block's last sum, made by its first thread).
  llvm::SmallVector<unsigned, 4> AtXZero;

  unsigned phases() const { return Barriers.size() + 1; }
};

/// Whether a serial run of \p Child (a definition, whose barriers and
/// calls \p Uses describes) must take it phase by phase: it has barriers,
/// or it or a function it calls declares shared memory.
bool needsPhases(const clang::FunctionDecl &Child, const ChildGridUses &Uses);

/// The phases of \p Child (a definition, the template's own for a template
/// instance), whose barriers and calls \p Uses describes; or why it cannot
/// be run so. A child without barriers is one phase.
std::optional<BarrierPhases>
splitAtBarriers(const clang::FunctionDecl &Child, const ChildGridUses &Uses,
                std::optional<PhaseRefusal> &Refusal);

/// The `__shared__` variables of \p Child's body, in the order declared.
llvm::SmallVector<const clang::VarDecl *, 4>
sharedVariables(const clang::FunctionDecl &Child);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_BARRIERPHASES_H
