//===- cdp/detail/aggregate-warp.cuh - Warp granularity -------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --aggregate=warp: the launches of one site by the threads of a warp
// that reach it together, made as one (byWarp). Part of cdp/aggregate.cuh,
// which includes it; not to be included alone.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_DETAIL_AGGREGATE_WARP_CUH
#define CDP_DETAIL_AGGREGATE_WARP_CUH

#include "cdp/detail/aggregate-batch.cuh"

namespace cdp {
namespace aggregated {

//===----------------------------------------------------------------------===//
// Warp granularity.
//===----------------------------------------------------------------------===//

namespace detail {
/// byWarp's launch. Each member writes its record straight into the batch,
/// so no copy of it is kept in registers while the warp agrees on the
/// batch. Under run-time checks, \p Site is the launch's, where a launch
/// that the device runtime refuses is reported (launchAlone); else null.
/// Forced inline, as byWarp is: in a parent of many launch sites the
/// inliner left it out of line, compiled once for the parent's bounded
/// copy and its unbounded one with more registers than the bound allows,
/// and ptxas refused the call (test/Lowering/aggregate-warp-many-sites.cu).
template <bool OneShape, class... Params>
__device__ __forceinline__ void
byWarpAt(LaunchSiteInfo *Site, void (*Kernel)(BasicBatch<OneShape, Params...>),
         const LaunchConfig &Config, Params... Values) {
  unsigned long long Blocks64;
  if (!detail::joinable(Config.Grid, Config.Block, Blocks64))
    return detail::launchAlone(Kernel,
                               detail::recordOf<Params...>(Config, Values...),
                               Config.Stream, Site);
  // At most kMaxRecordBlocks (2^20) each, so 32 of them count in 32 bits.
  const unsigned Blocks = static_cast<unsigned>(Blocks64);

  const unsigned Active = __activemask();
  unsigned Group = cdp::detail::matchIn(
      Active, static_cast<unsigned long long>(
                  reinterpret_cast<std::uintptr_t>(Config.Stream)));
  if (OneShape)
    Group &= cdp::detail::matchIn(Active, detail::shapeKey(Config.Block));
  const unsigned Lane = detail::laneId();
  const unsigned Leader = __ffs(Group) - 1;
  const unsigned Count = __popc(Group);
  if (Count == 1)
    return detail::launchAlone(Kernel,
                               detail::recordOf<Params...>(Config, Values...),
                               Config.Stream, Site);

  // This launch's first block, the group's block count, and its largest
  // block shape and shared memory.
  unsigned First = 0, Total = 0;
  for (unsigned Rest = Group; Rest; Rest &= Rest - 1) {
    const int Member = __ffs(Rest) - 1;
    const unsigned Theirs = __shfl_sync(Group, Blocks, Member);
    First += static_cast<unsigned>(Member) < Lane ? Theirs : 0;
    Total += Theirs;
  }
  const unsigned SharedMem =
      detail::groupMax(Group, static_cast<unsigned>(Config.SharedMem.Bytes));
  const dim3 Shape(detail::groupMax(Group, Config.Block.x),
                   detail::groupMax(Group, Config.Block.y),
                   detail::groupMax(Group, Config.Block.z));
  Records<Params...> *Many = nullptr;
  if (Shape.x * Shape.y * Shape.z <= 1024 && Shape.z <= 64 && Lane == Leader) {
    unsigned Capacity;
    Many = detail::allocateRecords<Params...>(Count, Count, Capacity);
    if (Many && Capacity < Count) { // Records larger than 8 KB each.
      detail::freeRecords(Many);
      Many = nullptr;
    }
  }
  Many = reinterpret_cast<Records<Params...> *>(
      __shfl_sync(Group, reinterpret_cast<unsigned long long>(Many), Leader));
  if (!Many)
    return detail::launchAlone(Kernel,
                               detail::recordOf<Params...>(Config, Values...),
                               Config.Stream, Site);

  Record<Params...> &Mine = Many->entries()[__popc(Group & ((1u << Lane) - 1))];
  Mine.Grid = Config.Grid;
  Mine.Block = Config.Block;
  Mine.SharedMem = static_cast<unsigned>(Config.SharedMem.Bytes);
  Mine.FirstBlock = First;
  Mine.Args.store(Values...);
  // The child must see what this thread wrote before its launch, as it
  // would have seen it had this thread launched.
  __threadfence();
  __syncwarp(Group);
  if (Lane == Leader) {
    Many->header() = {Count, Total, 0, Many->header().Bytes, Site};
    if (!detail::launchBatch(Kernel, Many, Shape, SharedMem, Config.Stream))
      detail::launchEachAlone(Kernel, Many, Config.Stream);
  }
  // The group goes on together, once its launches are made, as after
  // `<<<>>>` in a converged warp.
  __syncwarp(Group);
}
} // namespace detail

/// `child<<<Config>>>(Values...)` aggregated with the same launches of the
/// other threads of the warp that are here now. The values are taken by
/// copy, as `<<<>>>` takes them: a reference would odr-use a host constant
/// passed as an argument, which device code cannot. Each value converts to
/// its parameter's type here, as in a call.
template <bool OneShape, class... Params>
__device__ __forceinline__ void
byWarp(void (*Kernel)(BasicBatch<OneShape, Params...>),
       const LaunchConfig &Config, detail::NotDeduced<Params>... Values) {
  detail::byWarpAt<OneShape, Params...>(nullptr, Kernel, Config, Values...);
}

/// byWarp under run-time checks: a launch whose pointer arguments its
/// child may not use is reported at \p Site and skipped; the other lanes
/// aggregate theirs. A launch the device runtime refuses is reported there
/// too.
template <bool OneShape, class... Params>
__device__ __forceinline__ void
byWarp(LaunchSiteInfo *Site, void (*Kernel)(BasicBatch<OneShape, Params...>),
       const LaunchConfig &Config, detail::NotDeduced<Params>... Values) {
  if (cdp::detail::rejectsPointers<Params...>(*Site, Values...))
    return;
  detail::byWarpAt<OneShape, Params...>(Site, Kernel, Config, Values...);
}

} // namespace aggregated
} // namespace cdp

#endif // CDP_DETAIL_AGGREGATE_WARP_CUH
