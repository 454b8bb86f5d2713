//===- cdp/detail/aggregate-scope.cuh - Block and grid batches ------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --aggregate=block, group and grid: the launches of a block (or of a group
// of consecutive blocks, or of a grid, both found through a table keyed by
// the grid) recorded and launched as one when the block (the group's or
// the grid's last block) ends (LaunchScope). Part of cdp/aggregate.cuh,
// which includes it; not to be included alone.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_DETAIL_AGGREGATE_SCOPE_CUH
#define CDP_DETAIL_AGGREGATE_SCOPE_CUH

#include "cdp/detail/aggregate-batch.cuh"

namespace cdp {
namespace aggregated {

//===----------------------------------------------------------------------===//
// Block granularity.
//===----------------------------------------------------------------------===//

namespace detail {

/// Grid and group granularity: each parent grid's batches (or its groups')
/// are found through its `%gridid` in a table of the launching kernel. An
/// entry lives from the grid's first block to its last; at most 128 grids
/// are resident on a device at once (compute capability 7.0 and later), so
/// the table never fills.
constexpr unsigned kGridSlots = 256;
struct GridTable {
  unsigned Lock;
  unsigned long long Keys[kGridSlots];
  /// The grid's GridBatches, or its GroupTable (group granularity).
  void *Batches[kGridSlots];
  unsigned Exited[kGridSlots];
};

/// Group granularity: one group of consecutive blocks of a grid.
struct GroupEntry {
  /// Null until the group's first block with records leaves, which makes
  /// them (kMakingGroup meanwhile); then the group's batches, or
  /// noGridBatches() when there was no room.
  GridBatches *Batches;
  /// The group's blocks that have left.
  unsigned Exited;
};

/// The groups of one grid, as many as the largest chunk holds: blocks of
/// groups beyond them launch their own batches.
struct GroupTable {
  unsigned long long Count;
  __device__ GroupEntry *entries() {
    return reinterpret_cast<GroupEntry *>(this + 1);
  }
};

/// The grid table of the scopes of `Kernel`'s launches numbered `Copy` in
/// their launching kernel (see LaunchScope).
template <auto Kernel, unsigned Copy> __device__ GridTable &gridTable() {
  static GridTable Table;
  return Table;
}

/// This grid's key (never 0, which marks a free slot).
__device__ inline unsigned long long gridKey() {
  unsigned long long Id;
  asm volatile("mov.u64 %0, %%gridid;" : "=l"(Id));
  return Id + 1;
}

/// The grid's batches could not be allocated: its blocks launch their own.
__device__ inline GridBatches *noGridBatches() {
  return reinterpret_cast<GridBatches *>(std::uintptr_t{1});
}

__device__ inline unsigned threadsOfBlock() {
  return blockDim.x * blockDim.y * blockDim.z;
}

/// Where the slots for `Key` start.
__device__ inline unsigned firstSlotFor(unsigned long long Key) {
  return static_cast<unsigned>((Key * 0x9E3779B97F4A7C15ull) >> 54) %
         kGridSlots;
}

__device__ inline unsigned long long keyAt(const GridTable &Table,
                                           unsigned Slot) {
  return *static_cast<const volatile unsigned long long *>(&Table.Keys[Slot]);
}

/// `Key`'s slot, probing from `First` up to a free slot; -1 if not seen.
__device__ inline int probeSlots(const GridTable &Table, unsigned long long Key,
                                 unsigned First) {
  for (unsigned I = 0; I < kGridSlots; ++I) {
    const unsigned Slot = (First + I) % kGridSlots;
    const unsigned long long Seen = keyAt(Table, Slot);
    if (Seen == Key)
      return static_cast<int>(Slot);
    if (Seen == 0)
      break;
  }
  return -1;
}

/// `Key`'s slot in the whole table, or -1 with the first free slot from
/// `First` in `Free`. Sixteen loads at a time: they do not wait for each
/// other.
__device__ inline int scanSlots(const GridTable &Table, unsigned long long Key,
                                unsigned First, int &Free) {
  Free = -1;
  for (unsigned Base = 0; Base < kGridSlots; Base += 16) {
    unsigned long long Seen[16];
#pragma unroll
    for (unsigned I = 0; I < 16; ++I)
      Seen[I] = keyAt(Table, (First + Base + I) % kGridSlots);
#pragma unroll
    for (unsigned I = 0; I < 16; ++I) {
      const int Slot = static_cast<int>((First + Base + I) % kGridSlots);
      if (Seen[I] == Key)
        return Slot;
      if (Seen[I] == 0 && Free < 0)
        Free = Slot;
    }
  }
  return -1;
}

/// What a new grid's slot holds: its GridBatches (\p Group 0), or the
/// GroupTable of its groups of \p Group blocks; noGridBatches() when there
/// is no room.
__device__ inline void *newGridEntry(unsigned Group) {
  const unsigned long long Blocks = 1ull * gridDim.x * gridDim.y * gridDim.z;
  std::size_t Got;
  if (Group > 1) {
    constexpr unsigned long long Fits =
        (kHugeChunkBytes - sizeof(GroupTable)) / sizeof(GroupEntry);
    const unsigned long long Groups = (Blocks + Group - 1) / Group;
    const unsigned long long Count = Groups < Fits ? Groups : Fits;
    auto *Table = static_cast<GroupTable *>(
        allocateBytes(sizeof(GroupTable) + Count * sizeof(GroupEntry), Got));
    if (!Table)
      return noGridBatches();
    Table->Count = Count;
    for (unsigned long long I = 0; I < Count; ++I)
      Table->entries()[I] = {};
    return Table;
  }
  // One reference a block, as many as the largest chunk holds: blocks
  // beyond them launch their own batches.
  constexpr unsigned Fits = static_cast<unsigned>(
      (kHugeChunkBytes - sizeof(GridBatches)) / sizeof(BatchRef));
  const unsigned Capacity =
      static_cast<unsigned>(Blocks < Fits ? Blocks : Fits);
  auto *Grid = static_cast<GridBatches *>(
      allocateBytes(sizeof(GridBatches) + Capacity * sizeof(BatchRef), Got));
  if (!Grid)
    return noGridBatches();
  *Grid = {};
  Grid->Capacity = Capacity;
  return Grid;
}

/// The grid's slot in `Table`. Found by probing from its first slot up to
/// a free one; otherwise looked for in the whole table and, if it is not
/// there, made by the grid's first block, under the lock (a slot freed on
/// the way may hide it from the probe, never from the whole-table look).
/// \p Group: as newGridEntry.
__device__ inline int gridSlot(GridTable &Table, unsigned long long Key,
                               unsigned Group) {
  const unsigned First = firstSlotFor(Key);
  if (int Slot = probeSlots(Table, Key, First); Slot >= 0)
    return Slot;
  // Another block of the grid may be making the slot: look again until it
  // is there or the lock is free, rather than queueing on the lock.
  while (atomicCAS(&Table.Lock, 0u, 1u) != 0u) {
    __nanosleep(128);
    if (int Slot = probeSlots(Table, Key, First); Slot >= 0)
      return Slot;
  }
  __threadfence();
  int Free;
  int Found = scanSlots(Table, Key, First, Free);
  if (Found < 0) {
    if (Free < 0)
      __trap(); // More live grids than a device can hold resident.
    Table.Batches[Free] = newGridEntry(Group);
    Table.Exited[Free] = 0;
    __threadfence();
    atomicExch(&Table.Keys[Free], Key);
    Found = Free;
  }
  __threadfence();
  atomicExch(&Table.Lock, 0u);
  return Found;
}

/// The most records of one block's batch: with kMaxRecordBlocks each,
/// their blocks stay below kMaxBatchBlocks.
constexpr unsigned kMaxBlockRecords = 2047;
static_assert(kMaxBlockRecords * kMaxRecordBlocks <= kMaxBatchBlocks);
/// BlockLaunches::Claims: claims in the high bits, their blocks in the low.
constexpr unsigned kClaimSlotShift = 44;
constexpr unsigned long long kClaimBlocksMask = (1ull << kClaimSlotShift) - 1;

/// What a block's launches of one aggregated kernel share, in shared
/// memory. Plain data: a __shared__ variable has no constructor.
struct BlockLaunches {
  /// Records claimed (high 20 bits) and their blocks (low 44 bits), claimed
  /// together so that records in slot order have increasing FirstBlock.
  unsigned long long Claims;
  unsigned Entered;
  unsigned Exited;
  /// 0: no launch yet; 1: the first launch is allocating; 2: ready.
  unsigned Status;
  /// Records the batch holds; claims past it are launched alone.
  unsigned Capacity;
  void *Buffer;
  cudaStream_t Stream;
  unsigned ShapeX, ShapeY, ShapeZ, SharedMem;
  /// Grid and group granularity: the grid's slot in its kernel's
  /// GridTable.
  int GridSlot;
  /// Under run-time checks, the site of a launch recorded (RecordsHeader).
  LaunchSiteInfo *Site;
};

/// Streams whose launches may wait for the end of the block: those that a
/// thread of the block cannot destroy before then.
__device__ inline bool deferrable(cudaStream_t Stream) {
  return Stream == nullptr || Stream == cudaStreamFireAndForget ||
         Stream == cudaStreamTailLaunch;
}

#ifndef CDP_AGGREGATE_RECORDS_PER_THREAD
#define CDP_AGGREGATE_RECORDS_PER_THREAD 2
#endif

/// A grid of at most this many blocks aggregates as its blocks do: the
/// few launches that joining their batches would save cost less than the
/// grid table's lock, which every new grid takes once. (A recursive child
/// aggregated by grid launches many such grids: the batches of the blocks
/// that do not fit a grid's list. A 10-million-point quadtree made 250,000
/// of them a run, and spent 10x its native time queueing on the lock.)
constexpr unsigned long long kSmallGridBlocks = 8;

/// The granularity of a LaunchScope: a block, the whole grid, or a group
/// of that many consecutive blocks.
constexpr unsigned kOneBlock = 1, kWholeGrid = 0;

/// While a group's first block with records makes the group's batches.
inline __device__ GridBatches *makingGroup() {
  return reinterpret_cast<GridBatches *>(std::uintptr_t{2});
}

// `Kernel` comes last: before another parameter, nvcc's front end warns
// (#842-D) that the specialization cannot deduce `OneShape` and `Params`
// from it, though it does.
template <unsigned GroupBlocks, unsigned Copy, auto Kernel> class LaunchScope;

/// The launches of `Kernel`'s original by the threads of one block,
/// recorded as they are made. When the block's last thread leaves the
/// kernel they are launched as one (block granularity), or joined to the
/// batches of the group of `GroupBlocks` consecutive blocks or of the grid,
/// which the group's or the grid's last block launches as one (group and
/// grid granularity). cdp-lower declares one at the top of the launching
/// kernel. Its state lives in shared memory (in a grid table for group and
/// grid granularity) that every scope of its type in a kernel shares, so
/// two scopes of one kernel that launch the same child differ in `Copy`
/// (a template's `child<T>` and `child<int>`, one child where T is int):
/// sharing, each would count every thread's exit from both, and launch the
/// block's records while other threads still made theirs.
template <unsigned GroupBlocks, unsigned Copy, bool OneShape, class... Params,
          void (*Kernel)(BasicBatch<OneShape, Params...>)>
class LaunchScope<GroupBlocks, Copy, Kernel> {
  static constexpr bool PerGrid = GroupBlocks == kWholeGrid;
  static constexpr bool PerGroup = GroupBlocks > 1;

public:
  /// Every thread of the block, together, at the top of the kernel: one
  /// barrier, after the first thread has set the block's state up. (Every
  /// thread is here, so the count of threads that will leave is the
  /// block's size; counting them here cost a shared atomic a thread.)
  __device__ LaunchScope() {
    __shared__ BlockLaunches Shared;
    if (isFirstThreadOfBlock()) {
      Shared = {};
      Shared.Entered = threadsOfBlock();
      Shared.GridSlot =
          (PerGrid || PerGroup) &&
                  1ull * gridDim.x * gridDim.y * gridDim.z > kSmallGridBlocks
              ? gridSlot(gridTable<Kernel, Copy>(), gridKey(), GroupBlocks)
              : -1;
    }
    __syncthreads();
    State = &Shared;
  }
  LaunchScope(const LaunchScope &) = delete;
  LaunchScope &operator=(const LaunchScope &) = delete;

  /// Each thread as it leaves the kernel; the last one launches. The lanes
  /// that leave together count themselves with one atomic, and only those
  /// that recorded a launch fence: a fence is cumulative, so the recorder's
  /// covers what other threads wrote before its launch, and what a thread
  /// wrote after every launch of its block is not the children's to see.
  /// The __syncwarp orders the lanes' fences before the leader's count.
  /// (A fence and an atomic in every thread cost --optimize's SSSP, whose
  /// threads record nothing, 5% at 6M vertices on an H200.)
  __device__ ~LaunchScope() {
    // The other lanes of the warp wait for the last one's launches, so
    // that they do not make their own (the next scope's) at the same time.
    const Converged Lanes;
    // What this thread wrote, its records included, before the launch.
    if (Recorded)
      __threadfence();
    __syncwarp(Lanes.mask());
    const unsigned Leader = __ffs(Lanes.mask()) - 1;
    if (laneId() != Leader)
      return;
    const unsigned Leaving = __popc(Lanes.mask());
    if (atomicAdd(&State->Exited, Leaving) + Leaving != State->Entered)
      return;
    if constexpr (PerGroup) {
      if (State->GridSlot >= 0) {
        leaveGroup();
        return;
      }
    } else if constexpr (PerGrid) {
      if (State->GridSlot >= 0) {
        leaveGrid();
        return;
      }
    }
    flush();
  }

  /// `child<<<Config>>>(Values...)`, recorded for the end of the block.
  /// Each value converts to its parameter's type here, as in a call.
  __device__ void launch(const LaunchConfig &Config, Params... Values) {
    launchAt(nullptr, Config, Values...);
  }

  /// The same under run-time checks: a launch whose pointer arguments its
  /// child may not use is reported at \p Site and skipped, and one the
  /// device runtime refuses, recorded or made alone, is reported there.
  __device__ void launch(LaunchSiteInfo *Site, const LaunchConfig &Config,
                         Params... Values) {
    if (cdp::detail::rejectsPointers<Params...>(*Site, Values...))
      return;
    launchAt(Site, Config, Values...);
  }

private:
  /// launch(), with the site to report a refusal at, or null.
  __device__ void launchAt(LaunchSiteInfo *Site, const LaunchConfig &Config,
                           Params... Values) {
    const Converged Lanes;
    Record<Params...> Mine = recordOf<Params...>(Config, Values...);
    unsigned long long Blocks;
    const bool Joins = joinable(Config.Grid, Config.Block, Blocks) &&
                       deferrable(Config.Stream);
    Records<Params...> *Many = records(Config, Lanes.mask(), Joins);
    const bool Kept = Many && record(Config, Mine, Many, Blocks);
    Recorded = Recorded || Kept;
    if (Kept && Site)
      State->Site = Site;
    // The lanes whose launch is made alone make it together.
    __syncwarp(Lanes.mask());
    if (!Kept)
      launchAlone(Kernel, Mine, Config.Stream, Site);
  }

  /// Adds `Mine` to the block's records `Many`; false when it must be made
  /// alone.
  __device__ bool record(const LaunchConfig &Config, Record<Params...> &Mine,
                         Records<Params...> *Many, unsigned long long Blocks) {
    if (Config.Stream != State->Stream ||
        (OneShape &&
         (Config.Block.x != State->ShapeX || Config.Block.y != State->ShapeY ||
          Config.Block.z != State->ShapeZ)))
      return false;

    // One atomic, no retry loop (see allocateOnce). A claim past the
    // capacity comes after every claim that fits, so the records in slot
    // order still have consecutive blocks; its blocks are counted in
    // Claims but in no record (finishedRecords).
    if (atomicAdd(&State->Claims, 0ull) >> kClaimSlotShift >= State->Capacity)
      return false;
    const unsigned long long Claimed =
        atomicAdd(&State->Claims, (1ull << kClaimSlotShift) | Blocks);
    const unsigned long long Slot = Claimed >> kClaimSlotShift;
    if (Slot >= State->Capacity)
      return false;
    Mine.FirstBlock = static_cast<unsigned>(Claimed & kClaimBlocksMask);
    Many->entries()[Slot] = Mine;
    atomicMax(&State->ShapeX, Config.Block.x);
    atomicMax(&State->ShapeY, Config.Block.y);
    atomicMax(&State->ShapeZ, Config.Block.z);
    atomicMax(&State->SharedMem, Mine.SharedMem);
    return true;
  }

  /// The block's records, allocated by its first launch, which also fixes
  /// the stream (and, with barriers, the block shape) of the batch; null
  /// for a lane that does not `Join`. Called by all the `Lanes` together:
  /// one of them takes part for the warp, and only it may wait for another
  /// warp's allocation, so that no lane ever waits for a lane of its own
  /// warp (see Converged).
  __device__ Records<Params...> *records(const LaunchConfig &Config,
                                         unsigned Lanes, bool Join) {
    const unsigned Joining = cdp::detail::ballotIn(Lanes, Join);
    if (!Joining)
      return nullptr;
    const unsigned Leader = __ffs(Joining) - 1;
    bool Ready = false;
    if (laneId() == Leader)
      Ready = allocateOnce(Config);
    Ready = __shfl_sync(Lanes, Ready, Leader);
    return Join && Ready ? static_cast<Records<Params...> *>(State->Buffer)
                         : nullptr;
  }

  /// By one lane of a warp: the block's first launch allocates the records.
  /// True once they are there. A warp that comes while another allocates
  /// waits for it: in a 1,024-thread block most warps make their first
  /// launch while the first one allocates, and launching theirs alone made
  /// block and grid aggregation barely faster than native (1.4x instead of
  /// 28x, H100). The wait is safe: the allocating lane waits for nobody,
  /// and only this lane waits, its warp's other lanes at records()'s
  /// shuffle, so the warp leaves together.
  __device__ bool allocateOnce(const LaunchConfig &Config) {
    if (atomicCAS(&State->Status, 0u, 1u) == 0u) {
      // Room for a launch by each thread, and as many more as the chunk
      // holds, up to CDP_AGGREGATE_RECORDS_PER_THREAD each and 2,048 (see
      // kMaxRecordBlocks): sized for two a thread, a block's batch would
      // take chunks of four times the size, of which the pools have fewer.
      unsigned Most = threadsOfBlock() * CDP_AGGREGATE_RECORDS_PER_THREAD;
      Most = Most > kMaxBlockRecords ? kMaxBlockRecords : Most;
      unsigned Capacity = 0;
      State->Buffer =
          allocateRecords<Params...>(threadsOfBlock(), Most, Capacity);
      State->Capacity = Capacity;
      State->Stream = Config.Stream;
      State->ShapeX = Config.Block.x;
      State->ShapeY = Config.Block.y;
      State->ShapeZ = Config.Block.z;
      __threadfence_block();
      atomicExch(&State->Status, 2u);
      return true;
    }
    while (atomicAdd(&State->Status, 0u) != 2u)
      __nanosleep(32);
    __threadfence_block(); // Then read what the allocating lane wrote.
    return true;
  }

  /// The block's records, their header written; null when there are none.
  __device__ Records<Params...> *finishedRecords() {
    auto *Many = static_cast<Records<Params...> *>(State->Buffer);
    if (!Many)
      return nullptr;
    __threadfence();
    RecordsHeader &Header = Many->header();
    const unsigned long long Claims = State->Claims;
    const unsigned long long Claimed = Claims >> kClaimSlotShift;
    Header.Count = static_cast<unsigned>(
        Claimed < State->Capacity ? Claimed : State->Capacity);
    Header.TotalBlocks = 0;
    if (Header.Count) {
      const Record<Params...> &Last = Many->entries()[Header.Count - 1];
      Header.TotalBlocks =
          Last.FirstBlock + Last.Grid.x * Last.Grid.y * Last.Grid.z;
    }
    Header.BlocksDone = 0;
    Header.Site = State->Site;
    return Many;
  }

  /// Launches the block's records as one batch, or each alone: one
  /// record, shapes too large together, or a refused batch.
  __device__ void flush() {
    Records<Params...> *Many = finishedRecords();
    if (Many)
      launchRecords(Many, dim3(State->ShapeX, State->ShapeY, State->ShapeZ),
                    State->SharedMem, State->Stream);
  }

  __device__ static void launchRecords(Records<Params...> *Many, dim3 Shape,
                                       unsigned SharedMem,
                                       cudaStream_t Stream) {
    const unsigned Count = Many->header().Count;
    if (Count >= 2 && Shape.x * Shape.y * Shape.z <= 1024 &&
        launchBatch(Kernel, Many, Shape, SharedMem, Stream))
      return;
    launchEachAlone(Kernel, Many, Stream);
  }

  /// By the block's last thread: joins its records to the grid's batches
  /// (or launches them itself), then, as the grid's last block, launches
  /// the grid's.
  __device__ void leaveGrid() {
    GridTable &Table = gridTable<Kernel, Copy>();
    const int Slot = State->GridSlot;
    auto *Grid = static_cast<GridBatches *>(
        reinterpret_cast<void *volatile &>(Table.Batches[Slot]));
    if (Records<Params...> *Many = finishedRecords()) {
      if (Grid == noGridBatches() || !join(*Grid, Many))
        launchRecords(Many, dim3(State->ShapeX, State->ShapeY, State->ShapeZ),
                      State->SharedMem, State->Stream);
    }
    __threadfence();
    const unsigned Blocks = gridDim.x * gridDim.y * gridDim.z;
    if (atomicAdd(&Table.Exited[Slot], 1u) + 1 != Blocks)
      return;
    // The grid's last block: no block of this grid looks at the slot again.
    Table.Batches[Slot] = nullptr;
    Table.Exited[Slot] = 0;
    __threadfence();
    atomicExch(&Table.Keys[Slot], 0ull);
    if (Grid != noGridBatches())
      launchGrid(*Grid);
  }

  /// By the block's last thread: joins its records to its group's batches
  /// (or launches them itself); the group's last block launches the
  /// group's, and the grid's last block gives the groups' table back.
  __device__ void leaveGroup() {
    GridTable &Table = gridTable<Kernel, Copy>();
    const int Slot = State->GridSlot;
    void *Entry = reinterpret_cast<void *volatile &>(Table.Batches[Slot]);
    auto *Groups =
        Entry == noGridBatches() ? nullptr : static_cast<GroupTable *>(Entry);
    const unsigned GridBlocks = gridDim.x * gridDim.y * gridDim.z;
    const unsigned Index =
        (blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z)) /
        GroupBlocks;
    if (!Groups || Index >= Groups->Count) {
      flush();
    } else {
      GroupEntry &Group = Groups->entries()[Index];
      if (Records<Params...> *Many = finishedRecords()) {
        GridBatches *Batches = groupBatches(Group);
        if (Batches == noGridBatches() || !join(*Batches, Many))
          launchRecords(Many, dim3(State->ShapeX, State->ShapeY, State->ShapeZ),
                        State->SharedMem, State->Stream);
      }
      __threadfence();
      const unsigned Left = GridBlocks - Index * GroupBlocks;
      if (atomicAdd(&Group.Exited, 1u) + 1 ==
          (Left < GroupBlocks ? Left : GroupBlocks)) {
        // The group's last block: every other one has joined.
        __threadfence();
        auto *Batches =
            reinterpret_cast<GridBatches *volatile &>(Group.Batches);
        if (Batches && Batches != noGridBatches())
          launchGrid(*Batches);
      }
    }
    __threadfence();
    if (atomicAdd(&Table.Exited[Slot], 1u) + 1 != GridBlocks)
      return;
    // The grid's last block: every group has launched.
    Table.Batches[Slot] = nullptr;
    Table.Exited[Slot] = 0;
    __threadfence();
    atomicExch(&Table.Keys[Slot], 0ull);
    if (Groups)
      releaseBytes(Groups);
  }

  /// The batches of \p Group, made by its first block with records (a
  /// reference a block); noGridBatches() when there is no room. A block
  /// that comes while another makes them waits: it is another block, which
  /// waits for nobody.
  __device__ static GridBatches *groupBatches(GroupEntry &Group) {
    auto *Word = reinterpret_cast<unsigned long long *>(&Group.Batches);
    const auto Making = reinterpret_cast<unsigned long long>(makingGroup());
    unsigned long long Seen = atomicCAS(Word, 0ull, Making);
    if (Seen == 0) {
      std::size_t Got;
      auto *Batches = static_cast<GridBatches *>(allocateBytes(
          sizeof(GridBatches) + GroupBlocks * sizeof(BatchRef), Got));
      if (Batches) {
        *Batches = {};
        Batches->Capacity = GroupBlocks;
      } else {
        Batches = noGridBatches();
      }
      __threadfence();
      atomicExch(Word, reinterpret_cast<unsigned long long>(Batches));
      return Batches;
    }
    while (Seen == Making) {
      __nanosleep(32);
      Seen = atomicAdd(Word, 0ull);
    }
    __threadfence(); // Then read what the making block wrote.
    return reinterpret_cast<GridBatches *>(Seen);
  }

  /// Adds the block's records (with at least one) to the grid's batches;
  /// false when they do not fit there (another stream or block shape, or
  /// no room).
  __device__ bool join(GridBatches &Grid, Records<Params...> *Many) {
    if (Many->header().Count == 0)
      return false;
    if (atomicCAS(&Grid.Status, 0u, 1u) == 0u) {
      Grid.Stream = State->Stream;
      Grid.ShapeX = State->ShapeX;
      Grid.ShapeY = State->ShapeY;
      Grid.ShapeZ = State->ShapeZ;
      __threadfence();
      atomicExch(&Grid.Status, 2u);
    }
    while (atomicAdd(&Grid.Status, 0u) != 2u)
      __nanosleep(32);
    if (Grid.Stream != State->Stream ||
        (OneShape &&
         (Grid.ShapeX != State->ShapeX || Grid.ShapeY != State->ShapeY ||
          Grid.ShapeZ != State->ShapeZ)))
      return false;
    const unsigned long long Blocks = Many->header().TotalBlocks;
    constexpr unsigned long long Mask = (1ull << 40) - 1;
    unsigned long long Seen = atomicAdd(&Grid.Claims, 0ull), Claimed;
    do {
      Claimed = Seen;
      if ((Claimed >> 40) >= Grid.Capacity ||
          (Claimed & Mask) + Blocks > kMaxBatchBlocks)
        return false;
      Seen = atomicCAS(&Grid.Claims, Claimed, Claimed + (1ull << 40) + Blocks);
    } while (Seen != Claimed);
    Grid.refs()[Claimed >> 40] = {Many, static_cast<unsigned>(Claimed & Mask),
                                  0};
    atomicMax(&Grid.ShapeX, State->ShapeX);
    atomicMax(&Grid.ShapeY, State->ShapeY);
    atomicMax(&Grid.ShapeZ, State->ShapeZ);
    atomicMax(&Grid.SharedMem, State->SharedMem);
    return true;
  }

  /// Launches the grid's batches as one grid, or each block's alone.
  __device__ static void launchGrid(GridBatches &Grid) {
    __threadfence();
    const unsigned Count = static_cast<unsigned>(Grid.Claims >> 40);
    const dim3 Shape(Grid.ShapeX, Grid.ShapeY, Grid.ShapeZ);
    if (Count >= 2 && Shape.x * Shape.y * Shape.z <= 1024) {
      Grid.TotalBlocks =
          static_cast<unsigned>(Grid.Claims & ((1ull << 40) - 1));
      Grid.BlocksDone = 0;
      if (launchWith(
              Kernel,
              {dim3(Grid.TotalBlocks), Shape, Grid.SharedMem, Grid.Stream},
              nullptr, &Grid, nullptr) == cudaSuccess) {
        unsigned long long Launches = 0;
        for (unsigned I = 0; I < Count; ++I)
          Launches += static_cast<Records<Params...> *>(Grid.refs()[I].Records)
                          ->header()
                          .Count;
        countLaunch(Launches);
        return;
      }
    }
    for (unsigned I = 0; I < Count; ++I) {
      auto *Many = static_cast<Records<Params...> *>(Grid.refs()[I].Records);
      launchRecords(Many, Shape, Grid.SharedMem, Grid.Stream);
    }
    releaseBytes(&Grid);
  }

  BlockLaunches *State;
  /// Whether this thread recorded a launch for the end of the block.
  bool Recorded = false;
};

} // namespace detail

} // namespace aggregated
} // namespace cdp

#endif // CDP_DETAIL_AGGREGATE_SCOPE_CUH
