//===- LaunchThreshold.h - Small child grids run in the parent --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --threshold=<threads> (thresholding, after Olabi et al., CGO 2022): a
// device-side launch whose grid has fewer threads than the threshold runs
// its work in the launching warp, without a launch:
//
//   if (cdp::serial::fewerThreads((degree + 31) / 32, 32, 128))
//     visit_serial((degree + 31) / 32, 32, edges, first);
//   else
//     cdp::DeviceLaunch<void(const int *, int)>(visit, {...}).arg<0>(...)...
//
// `visit_serial`, written after the child's definition, calls
// `visit_thread` (the child's body, with blockIdx, threadIdx, gridDim and
// blockDim as parameters that shadow the built-in variables) once for each
// thread of the grid. The lanes of a warp that take this branch together
// share the work: each one's grid in turn, its threads spread over them
// (cdp::serial::byWarp), as a flat warp-per-item program does; a thread
// alone runs its grid alone. A child that begins by returning from the
// threads at or past an x index runs only those below it, and grids of a
// few such threads share turns (IndexGuard.h). The launch otherwise is
// lowered or aggregated as before.
//
// That keeps what a CDP2 program may observe when the child's threads do
// not depend on running at the same time, and when the child grid may
// run before the parent's next statement. Checked, or the launch is left
// as it is with a warning that says why:
// - no warp collective or cooperative group in the child, no function of it
//   that reads the grid's shape, no assembly that does (a thread that waits
//   for another would wait for ever); its barriers, if any, are
//   `__syncthreads();` statements of its body, and its shared memory is
//   declared there: the serial run then takes each block phase by phase,
//   with the block's shared variables in global memory (BarrierPhases.h,
//   `<child>_phase` and `<child>_shared`);
// - its stream is cudaStreamFireAndForget, or the child is declared
//   unordered (--aggregate-unordered): a grid of the default or another
//   stream must wait for the launches before it, and one of the tail
//   stream for the parent grid;
// - the launch is a statement of a kernel or a __device__ function, whose
//   grid and block have no side effects (they are read twice) and whose
//   arguments are written in the file, without a launch of their own;
// - the child is a kernel defined in a file that cdp-lower lowers (a
//   function template of a namespace whose parameters have no defaults:
//   the copies are templates, called with the launch's template
//   arguments), which does not launch itself: a recursive serial run
//   overflowed a GPU thread's stack (the quadtree benchmark, on an H100).
// A child's own launches are made by the launching warp, nested one level
// less deep; launch errors of the serial run are none.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LAUNCHTHRESHOLD_H
#define CDP_LOWER_AGGREGATION_LAUNCHTHRESHOLD_H

#include "Aggregation/ChildCopies.h"
#include "Aggregation/LaunchAggregation.h"
#include "Lowering/SourceEdits.h"

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace cdp {

struct ThresholdOptions {
  /// Child grids of fewer threads run in the launching warp; 0: none.
  unsigned Threads = 0;
  /// A launch left as it is goes unreported (--optimize's choice).
  bool Quiet = false;
  /// The serial run waits for the end of the launching thread where it
  /// gains there (--optimize's choice; SerialRunAtEnd.h).
  bool AtThreadEnd = false;
};

/// Where a launch's small grids run.
enum class SerialRun {
  /// Nowhere: the launch is left to the lowering (or aggregation).
  None,
  /// In the launching warp, at the launch.
  AtLaunch,
  /// In the launching warp, once the launching thread ends its body.
  AtThreadEnd,
};

/// Puts the serial alternative before \p Launch, made in \p Enclosing,
/// when \p Options ask for one and the launch is eligible (\p Aggregate
/// says which children are declared unordered), and records in \p Copies
/// that the child needs `<child>_serial`; warns with the reason when it is
/// not eligible. The launch itself is left to the lowering (or to
/// coarsening or aggregation). Says where the serial run was written;
/// where it wrote none although \p Options asked for one, \p Declined
/// (when given) says why. In a template, where the template's parameters
/// choose the kernel, \p Instances (the launch's instantiations in the
/// file) say which it is (InstantiatedLaunch.h).
SerialRun
thresholdLaunch(const clang::CUDAKernelCallExpr &Launch,
                const clang::FunctionDecl &Enclosing,
                clang::ASTContext &Context, const ThresholdOptions &Options,
                const AggregationOptions &Aggregate,
                llvm::function_ref<SourceEdits *(clang::FileID)> EditsOf,
                ChildCopies &Copies,
                llvm::ArrayRef<const clang::CUDAKernelCallExpr *> Instances,
                std::string *Declined = nullptr);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHTHRESHOLD_H
