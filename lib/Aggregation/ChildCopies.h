//===- ChildCopies.h - A child's body for one thread, and users -*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --threshold and --coarsen both run a child's body with indices that are
// not the hardware's: a copy of the body, `<child>_thread`, takes blockIdx,
// threadIdx, gridDim and blockDim as parameters that shadow the built-in
// variables. Written once after the child's definition, it is followed by
// what the launches use:
//
// - `<child>_serial(grid, block, args...)`: the launching warp runs each
//   thread of a small grid (--threshold, LaunchThreshold.h); for a child
//   with barriers or shared memory, through `<child>_phase`, the body cut
//   at its barriers (BarrierPhases.h), with `<child>_shared`, its shared
//   variables;
// - `__global__ <child>_coarsened(grid, args...)`: each block runs several
//   blocks of the grid asked for (--coarsen, LaunchCoarsening.h).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_CHILDCOPIES_H
#define CDP_LOWER_AGGREGATION_CHILDCOPIES_H

#include "Lowering/SourceEdits.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace cdp {

/// What one child's copy is used for.
struct ChildCopy {
  /// The child's definition that the first launch runs: a template's
  /// instance, whose own body (the template's) the copy is written from.
  const clang::FunctionDecl *Instance = nullptr;
  /// The first launch that uses a copy (one before the copy needs the
  /// wrappers declared first).
  clang::SourceLocation FirstUse;
  /// `<child>_serial`, for --threshold.
  bool Serial = false;
  /// `<child>_coarsened`, for --coarsen.
  bool Coarsened = false;
};

/// The children that get a copy, in the order of their first use, by the
/// definition written (a template's own for its instances).
struct ChildCopies {
  llvm::MapVector<const clang::FunctionDecl *, ChildCopy> Children;

  /// Records that the launch at \p At uses \p Child's copy; the caller
  /// sets what for.
  ChildCopy &use(const clang::FunctionDecl &Child, clang::SourceLocation At,
                 const clang::SourceManager &SM);
};

/// Writes `<child>_thread` and its wrappers after each child's definition
/// (the body copied with every other edit made). False after an error.
bool writeChildCopies(const ChildCopies &Copies, clang::ASTContext &Context,
                      llvm::function_ref<SourceEdits &(clang::FileID)> EditsOf);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_CHILDCOPIES_H
