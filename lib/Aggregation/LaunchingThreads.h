//===- LaunchingThreads.h - One thread of a block launches ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Many CDP parents launch from one thread of each block, after the block
// has worked out together what to launch:
//
//   if (threadIdx.x == 0 && threadIdx.y == 0)
//     child<<<grid, block, 0, cudaStreamFireAndForget>>>(...);
//
// (NVIDIA's quadtree sample launches from its block's last thread.) Or
// they send the other threads home first:
//
//   if (threadIdx.x != 0)
//     return;
//   child<<<grid, block>>>(...);
//
// Aggregating such a launch by block joins nothing: the block has one
// launch to make, and the aggregated copy costs each of its blocks a
// search for its launch and a barrier (a public Mandelbrot's recursive
// kernel: 5% slower aggregated by block than as written, H200).
// --optimize leaves such launches unaggregated.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LAUNCHINGTHREADS_H
#define CDP_LOWER_AGGREGATION_LAUNCHINGTHREADS_H

#include "llvm/ADT/SmallVector.h"

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace cdp {

/// Whether only one thread of a block reaches \p Launch, once, written in
/// \p Enclosing: it is in no loop there, the `if`s it is in test
/// `threadIdx.x` equal to 0 or to a value the same in the whole block
/// (`threadIdx.x == blockDim.x - 1`, `== THREADS - 1`), directly or
/// through a local copy of threadIdx.x that never changes, or the x index
/// (`blockIdx.x * blockDim.x + threadIdx.x`, or such a copy of it) equal
/// to such a value, and `threadIdx.y` and `threadIdx.z` so too unless
/// \p Enclosing never reads that index (its blocks then being taken for
/// one-dimensional); or a cooperative_groups::thread_block's
/// `thread_rank()` equal to such a value; or it follows, in a block, an
/// early return of the threads those tests leave out (`if (threadIdx.x !=
/// 0) return;`).
bool onlyOneThreadLaunches(const clang::CUDAKernelCallExpr &Launch,
                           const clang::FunctionDecl &Enclosing,
                           clang::ASTContext &Context);

/// The same, where the one thread may reach \p Launch many times, in a
/// loop.
bool onlyOneThreadReachesEver(const clang::CUDAKernelCallExpr &Launch,
                              const clang::FunctionDecl &Enclosing,
                              clang::ASTContext &Context);

/// Whom oneThreadRegion's one thread is alone in.
enum class ThreadScope {
  /// Its block: as onlyOneThreadLaunches reads the tests.
  Block,
  /// Its warp, where the block is one-dimensional: a test of threadIdx.x
  /// or of the x index as onlyOneThreadLaunches reads it, whatever the
  /// other components, or the lane index equal to a value the same in the
  /// whole block (`lane_id == 0` with `lane_id = threadIdx.x & (warpSize -
  /// 1)`, `threadIdx.x % 32 == 0`).
  Warp,
};

/// The statements that only one thread of a block (of a warp, by
/// \p Scope) runs, of those in \p Enclosing that hold \p S, the outermost
/// found: the branch of an `if` whose tests, with those of the `if`s
/// around it, leave one thread; or the statements of a block that follow
/// an early return of every other thread (`if (threadIdx.x != 0) return;`,
/// `if (gid) return;` with `gid` the x index), where no jump lands among
/// them. Empty where there
/// are none. All that they run, \p S included, one thread of its block
/// (of its warp) runs alone.
using OneThreadStatements = llvm::SmallVector<const clang::Stmt *, 4>;
OneThreadStatements oneThreadRegion(const clang::Stmt &S,
                                    const clang::FunctionDecl &Enclosing,
                                    clang::ASTContext &Context,
                                    ThreadScope Scope);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHINGTHREADS_H
