//===- LaunchCoarsening.h - Fewer, busier blocks in a child grid -*- C++
//-*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --coarsen=<factor> (coarsening, after Olabi et al., CGO 2022): a
// device-side launch of `child` launches `child_coarsened` instead, with
// <factor> times fewer blocks along x, each of which runs the blocks
// blockIdx.x, blockIdx.x + gridDim.x, ... of the grid asked for:
//
//   cdp::coarse::launch<4>(visit_coarsened, {(degree + 31) / 32, 32, 0,
//                          cudaStreamFireAndForget}, edges, first);
//
// `child_coarsened`, written after the child's definition, calls
// `child_thread` (ChildCopies.h: the body, with the indices as parameters)
// once per block it runs, with blockIdx.x and gridDim mapped to the grid
// asked for. Fewer blocks are fewer to schedule, and each block's set-up
// (its shared memory, the values its threads compute before the work) is
// paid once for several.
//
// It is still one launch into the same stream, so the order of the
// stream, the tail launch, launch errors and the child's own launches are
// as they were. What a CDP2 program may observe that changes: blocks of
// one grid that wait for each other (which CUDA never promised would run
// at the same time) and %ctaid in assembly. Checked, or the launch is
// left as it is with a warning that says why:
// - no function of the child that reads the grid's shape (cooperative
//   groups included) and no assembly that does;
// - no barrier in a child that may return early: a thread that returned
//   from one block would meet the next block's barrier while the others
//   wait at this one's;
// - the launch is written in the file, of a kernel defined in a file that
//   cdp-lower lowers: a function template's instance is coarsened by a copy
//   of the template (`child_coarsened<T>`), and in a template, a launch
//   whose kernel the template's parameters choose copies the kernel its
//   instances launch (InstantiatedLaunch.h).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LAUNCHCOARSENING_H
#define CDP_LOWER_AGGREGATION_LAUNCHCOARSENING_H

#include "Aggregation/ChildCopies.h"
#include "Lowering/SourceEdits.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace cdp {

struct CoarseningOptions {
  /// Blocks of the grid asked for that one block runs; 0 or 1: none.
  unsigned Factor = 0;
  /// Under --runtime-checks: the coarsened launch names its site and is
  /// checked as a lowered one (`cdp::coarse::launch<4>(CDP_LAUNCH_SITE(...),
  /// child_coarsened, {...}, ...)`).
  bool RuntimeChecks = false;
};

/// Rewrites \p Launch, made in \p Enclosing, into a launch of the child's
/// coarsened copy when \p Options ask for it and it is eligible, and
/// records the copy in \p Copies; warns with the reason when it is not.
/// \p Instances: the launch's instantiations, where a template's
/// parameters choose its kernel. True when it was rewritten (the lowering
/// then leaves it alone).
bool coarsenLaunch(const clang::CUDAKernelCallExpr &Launch,
                   const clang::FunctionDecl &Enclosing,
                   clang::ASTContext &Context, const CoarseningOptions &Options,
                   llvm::function_ref<SourceEdits *(clang::FileID)> EditsOf,
                   ChildCopies &Copies,
                   llvm::ArrayRef<const clang::CUDAKernelCallExpr *> Instances);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHCOARSENING_H
