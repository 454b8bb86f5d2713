//===- LaunchChoice.h - What --optimize does at one launch ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --optimize chooses the transforms of each device-side launch, from what
// the benchmarks measured (docs/benchmarks.md, "Against the flat programs"):
//
// - a grid whose size is a constant (numbers, or dim3 of numbers) at or
//   above the threshold below gets no threshold: it never runs serially;
//   it is aggregated where its child's threads loop, and otherwise treated
//   as a launch above the threshold (unaggregated where the function
//   launches only such children);
// - a child grid of fewer than 4,096 threads runs in the launching warp
//   (--threshold): the best choice for tiny children (Bezier, BFS, SSSP),
//   and a child it refuses (barriers, shared memory, recursion) launches;
//   a child whose threads loop (Mandelbrot's pixels) runs there only
//   below one warp's 32 threads: its work is not bounded by its launch,
//   and a launch spreads it over as many warps as its grid has, where the
//   launching warp would take its threads 32 at a time; both thresholds
//   are for a launching warp of 32 lanes, and shrink with a kernel
//   launched only in smaller blocks (LaunchedBlocks.h: 128 threads a
//   lane), whose launches are not aggregated either where its blocks
//   have one thread; a kernel whose every launch runs one warp in all
//   launches as written (ProteinSimGPU's force_calculation, <<<1, 1>>>:
//   no other warp hides a serial run's latency, and six launches a frame
//   are too few for their rate to matter);
// - a launch that still launches is aggregated, by block in the body of a
//   kernel (the best or within 10% of it on every benchmark), by warp in
//   a __device__ function or a lambda, where a block's aggregated launch
//   cannot wait for the block's end; except above the 4,096-thread
//   threshold of a child that runs in the launching warp below it, in a
//   function whose launches are all of such children: such a launch
//   carries at least that many threads of work, and aggregation costs
//   the launching kernel a register cap and a barrier whether or not it
//   launches (SSSP at 6M vertices: 41.1 ms a run aggregated above, 34.1
//   ms not, on an H200; BFS and Bezier alike either way). Beside a
//   looping or recursive child (Mandelbrot), whose aggregation the kernel
//   pays for anyway, every launch stays aggregated;
// - where the launch is the kernel's only one and stays unaggregated, and
//   the kernel decides between it and work of the thread's own (SpMV's
//   long and short rows), the serial run waits for the launching thread's
//   end, where the whole warp shares it (SerialRunAtEnd.h);
// - no coarsening: it gained nothing on any benchmark (their time is their
//   launches);
// - with a profile of the program's launches (--instrument, --profile), a
//   launch whose grids all had at least the threshold's threads is taken
//   as a constant grid that size, and one whose grids all had fewer runs
//   below the threshold and launches unaggregated above it: aggregation
//   would cost the kernel for launches the profile never saw. A launch
//   the profile did not count is chosen for as without one.
//
// In a template whose parameters choose the child, what holds of the
// child is what holds of the kernel of every instance the file makes (any
// of them looping, any launching into its null stream, all run in
// phases), as the transforms check each instance's kernel.
//
// Each transform keeps its own rules, so --optimize never changes what a
// CDP2 program may observe: where a transform does not apply, it is not
// chosen, and nothing is reported unless --optimize-remarks asks what was
// chosen. An option the user gives (--threshold, --aggregate) is kept as
// given.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LAUNCHCHOICE_H
#define CDP_LOWER_AGGREGATION_LAUNCHCHOICE_H

#include "Aggregation/LaunchAggregation.h"
#include "Aggregation/LaunchProfile.h"
#include "Aggregation/LaunchThreshold.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace cdp {

class LaunchedBlocks;

/// The threshold --optimize runs small grids below: at 4,096 threads the
/// launching warp's serial run beat a launch on every benchmark whose
/// children it takes; at 128 it took too few of them to matter.
constexpr unsigned OptimizeThreshold = 4096;

/// The threshold for a child whose threads loop: one warp.
constexpr unsigned OptimizeLoopingThreshold = 32;

/// The transforms of one launch.
struct LaunchChoice {
  ThresholdOptions Threshold;
  AggregationOptions Aggregate;
  /// --optimize chose the threshold of a child whose threads loop.
  bool LoopingChild = false;
  /// Where its threshold applies, the launch goes unaggregated above it:
  /// --optimize chose the aggregation (the user asked for none), the
  /// child's threads do not loop, and no launch of the enclosing function
  /// is of a looping or recursive child.
  bool UnaggregatedAboveThreshold = false;
  /// --optimize left the launch unaggregated: only one thread of its block
  /// makes it (LaunchingThreads.h), or its blocks have one thread.
  bool OneThreadOnly = false;
  /// The lanes of the warps that make the launch: 32, or fewer where the
  /// kernel is launched only in smaller blocks (LaunchedBlocks.h).
  unsigned Lanes = 32;
  /// --optimize left the launch as written: every launch of its kernel
  /// runs at most this many threads in all, one warp (LaunchedBlocks.h).
  std::uint64_t ParentThreads = 0;
  /// --optimize set no threshold: the grid always has ConstantThreads
  /// threads, or had at least that many in each of the ProfiledLaunches
  /// of the profile (--profile), never fewer than the threshold it would
  /// have set (0 where it set one, or the user did).
  std::uint64_t ConstantThreads = 0;
  unsigned NeverBelowThreshold = 0;
  /// --optimize set no threshold: the child launches into its null stream,
  /// which a serial run would make the launching block's, running the
  /// grids of its lanes' children one after another.
  bool ChildLaunchesInOrder = false;
  /// --optimize left that launch unaggregated: its child's threads do not
  /// loop, and it launches as a grid above the threshold would.
  bool LargeGrid = false;
  /// The launches the profile counted at this launch, where they decided.
  std::uint64_t ProfiledLaunches = 0;
  /// Every launch the profile counted had fewer threads than the
  /// threshold: where it applies, what still launches is not aggregated,
  /// which would cost the kernel for launches that do not come.
  bool ProfiledBelowThreshold = false;
};

/// The kernels a launch launches: the one it names, or, in a template
/// whose parameters choose it, those its instances launch (none for a
/// launch through a pointer, or one whose instances the file does not
/// make).
using LaunchedKernels =
    llvm::function_ref<llvm::SmallVector<const clang::FunctionDecl *, 2>(
        const clang::CUDAKernelCallExpr &)>;

/// What --optimize (\p Optimize) does at \p Launch in \p Enclosing, over
/// what the user asked for (\p Threshold, \p Aggregate), which it keeps
/// where given, and from what its children are (\p KernelsOf, for it and
/// for the other launches of \p Enclosing), what \p Profile counted of it
/// (null: no profile, or no count) and what \p Blocks (null: not known)
/// says of the blocks \p Enclosing runs in. Without \p Optimize, what the
/// user asked for.
LaunchChoice chooseTransforms(const clang::CUDAKernelCallExpr &Launch,
                              const clang::FunctionDecl &Enclosing,
                              clang::ASTContext &Context,
                              const ThresholdOptions &Threshold,
                              const AggregationOptions &Aggregate,
                              bool Optimize, LaunchedKernels KernelsOf,
                              const SiteProfile *Profile,
                              const LaunchedBlocks *Blocks);

/// How \p Choice aggregates its launch once the threshold is applied or
/// not (\p Serial: its small grids run in the launching warp): what
/// --optimize chose, or none where UnaggregatedAboveThreshold says so.
AggregationOptions aggregationAfterThreshold(const LaunchChoice &Choice,
                                             bool Serial);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHCHOICE_H
