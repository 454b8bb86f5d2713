//===- LaunchingThreads.h - A launch its block's first thread makes -*- C++
//-*-===//
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
} // namespace clang

namespace cdp {

/// Whether only the first thread of a block reaches \p Launch, once, written
/// in \p Enclosing: it is in no loop there, the `if`s it is in test
/// `threadIdx.x == 0` (or a local copy of threadIdx.x that never changes),
/// and
/// `threadIdx.y == 0` and `threadIdx.z == 0` too unless \p Enclosing never
/// reads that index (its blocks then being taken for one-dimensional).
bool onlyFirstThreadLaunches(const clang::CUDAKernelCallExpr &Launch,
                             const clang::FunctionDecl &Enclosing,
                             clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHINGTHREADS_H
