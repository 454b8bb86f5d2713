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
// (NVIDIA's quadtree sample launches from its block's last thread.)
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
/// `thread_rank()` equal to such a value.
bool onlyOneThreadLaunches(const clang::CUDAKernelCallExpr &Launch,
                           const clang::FunctionDecl &Enclosing,
                           clang::ASTContext &Context);

/// The same, where the one thread may reach \p Launch many times, in a
/// loop.
bool onlyOneThreadReachesEver(const clang::CUDAKernelCallExpr &Launch,
                              const clang::FunctionDecl &Enclosing,
                              clang::ASTContext &Context);

/// The outermost statement that holds \p S in \p Enclosing and that only
/// one thread of a block reaches: the branch of an `if` whose tests, with
/// those of the `if`s around it, leave one thread as
/// onlyOneThreadLaunches reads them. Null where there is none. All that
/// it runs, \p S included, one thread of its block runs alone.
const clang::Stmt *oneThreadRegion(const clang::Stmt &S,
                                   const clang::FunctionDecl &Enclosing,
                                   clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHINGTHREADS_H
