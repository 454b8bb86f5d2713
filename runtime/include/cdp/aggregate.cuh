//===- cdp/aggregate.cuh - Launch aggregation for device launches ---------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Header-only. Two parts:
//
//  - `cdp::aggregate::warp(s)`, `block(s)` and `grid(s)`, markers for
//    the stream slot of a device-side launch. They return the stream, so an
//    unlowered source keeps its meaning; `cdp-lower` aggregates a marked
//    launch at that granularity, and the marker says that the launches of
//    that site do not rely on running one after another in their stream.
//
//  - `cdp::aggregated`, the runtime of code lowered with `--aggregate`.
//    cdp-lower writes, beside a kernel `child(int *, int)`, a kernel
//    `child_aggregated(cdp::aggregated::Batch<int *, int>)`: one launch of it
//    runs several launches of `child`. Each launch of `child` is a Record
//    (its grid, block, dynamic shared memory and arguments), and the batch's
//    records sit in the device heap in the order of the grid's blocks: block
//    `b` of the aggregated grid runs block `b - FirstBlock` of the last record
//    whose FirstBlock is at most `b`, with that launch's blockIdx, gridDim and
//    blockDim and arguments (`Batch::block()`).
//
//    At warp granularity, the threads of a warp that reach a launch together
//    (same stream and, for a child with barriers, same block shape) write
//    their records and the warp's first such thread launches them at once
//    (`byWarp`). At block granularity, a kernel's `BlockScope` collects the
//    records of the whole block and the block's last thread to finish
//    launches them (`BlockScope::launch`, `~BlockScope`). At group and grid
//    granularity, the blocks' batches join a list that the group's (of
//    consecutive blocks) or the grid's last block launches as one.
//
//    Nothing is lost: when the heap has no room, a record does not fit, or the
//    aggregated launch fails, each launch is made alone, as a one-record
//    batch passed by value, which is an ordinary launch of the same code.
//    docs/aggregation.md says when aggregation keeps what a program
//    can observe, and cdp-lower checks those conditions.
//
// Define CDP_AGGREGATE_STATS to count launches and heap bytes
// (`cdp::aggregated::readStats()` on the host).
//
//===----------------------------------------------------------------------===//
// Before C++17 this header adds one error and nothing else (before C++11,
// cdp/launch.cuh's).
#include "cdp/launch.cuh"
#if defined(__cplusplus) && __cplusplus >= 201103L && __cplusplus < 201703L
// clang-format off
#error "cdp/aggregate.cuh (launches aggregated by cdp-lower) needs C++17 or later: compile with -std=c++17, nvcc 13's default"
// clang-format on
#elif !defined(CDP_AGGREGATE_CUH) &&                                           \
    !(defined(__cplusplus) && __cplusplus < 201703L)
#define CDP_AGGREGATE_CUH

namespace cdp {

//===----------------------------------------------------------------------===//
// The markers.
//===----------------------------------------------------------------------===//
namespace aggregate {

/// Aggregates this launch with the same launches of the other threads of
/// its warp (`cdp-lower` rewrites it; unlowered, it is the stream).
__device__ inline cudaStream_t warp(cudaStream_t Stream = 0) { return Stream; }
/// Aggregates this launch with the same launches of the other threads of
/// its block, launched when the block finishes.
__device__ inline cudaStream_t block(cudaStream_t Stream = 0) { return Stream; }
/// Aggregates this launch with the same launches of the other threads of
/// its group of 4 consecutive blocks, launched when the group's last block
/// finishes.
__device__ inline cudaStream_t group(cudaStream_t Stream = 0) { return Stream; }
/// Aggregates this launch with the same launches of the whole launching
/// grid, launched when the grid's last block finishes.
__device__ inline cudaStream_t grid(cudaStream_t Stream = 0) { return Stream; }

} // namespace aggregate
} // namespace cdp

// The runtime of aggregated launches, cdp::aggregated. What lowered code
// names: Batch and SyncedBatch (the aggregated kernel's parameter), byWarp,
// BlockScope, GroupScope and GridScope (below), readStats; the rest is
// detail.
#include "cdp/detail/aggregate-batch.cuh"
#include "cdp/detail/aggregate-memory.cuh"
#include "cdp/detail/aggregate-records.cuh"
#include "cdp/detail/aggregate-scope.cuh"
#include "cdp/detail/aggregate-warp.cuh"

namespace cdp {
namespace aggregated {

/// The launches of a kernel's original by one block, launched as one when
/// the block ends (--aggregate=block). A second scope of the same kernel in
/// one launching kernel is numbered \p Copy 2, and so on.
template <auto Kernel, unsigned Copy = 1>
using BlockScope = detail::LaunchScope<detail::kOneBlock, Copy, Kernel>;
/// The launches of a kernel's original by a group of \p Blocks consecutive
/// blocks of its grid (by linear block index), launched as one when the
/// group's last block ends (--aggregate=group).
template <auto Kernel, unsigned Blocks, unsigned Copy = 1>
using GroupScope = detail::LaunchScope<Blocks, Copy, Kernel>;
/// The launches of a kernel's original by one grid, launched as one when
/// its last block ends (--aggregate=grid).
template <auto Kernel, unsigned Copy = 1>
using GridScope = detail::LaunchScope<detail::kWholeGrid, Copy, Kernel>;

} // namespace aggregated
} // namespace cdp

#endif // CDP_AGGREGATE_CUH
