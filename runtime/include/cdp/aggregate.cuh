//===- cdp/aggregate.cuh - Launch aggregation for device launches ---------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Header-only. Two parts:
//
//  - `cdp::aggregate::warp(s)` and `cdp::aggregate::block(s)`, markers for
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
//    launches them (`BlockScope::launch`, `~BlockScope`).
//
//    Nothing is lost: when the heap has no room, a record does not fit, or the
//    aggregated launch fails, each launch is made alone, as a one-record
//    batch passed by value, which is an ordinary launch of the same code.
//    README "Launch aggregation" says when aggregation keeps what a program
//    can observe, and cdp-lower checks those conditions.
//
// Define CDP_AGGREGATE_STATS to count launches and heap bytes
// (`cdp::aggregated::readStats()` on the host).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_AGGREGATE_CUH
#define CDP_AGGREGATE_CUH

#include "cdp/launch.cuh"

#include <cstddef>
#include <cstdint>
#include <utility>

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

} // namespace aggregate

//===----------------------------------------------------------------------===//
// The runtime of aggregated launches.
//===----------------------------------------------------------------------===//
namespace aggregated {

namespace detail {

template <std::size_t Index, class T> struct Slot {
  T Value;
};
template <class Indices, class... Params> struct ValuesOf;
template <std::size_t... Indices, class... Params>
struct ValuesOf<std::index_sequence<Indices...>, Params...>
    : Slot<Indices, Params>... {};

/// The value in slot `Index` (found as the one base of that index).
template <std::size_t Index, class T>
__device__ const T &valueIn(const Slot<Index, T> &In) {
  return In.Value;
}

/// `Value` converted to `T` as a call would convert it.
template <class T> __device__ T implicitly(T Value) { return Value; }

/// The most blocks one record may have, so that 2,048 records' blocks still
/// count in 32 bits; a larger launch gains nothing from aggregation.
constexpr unsigned long long kMaxRecordBlocks = 1ull << 20;
/// The most blocks of one aggregated grid (gridDim.x is below 2^31).
constexpr unsigned long long kMaxBatchBlocks = (1ull << 31) - 1;

} // namespace detail

/// A launch's arguments, each as its parameter's type.
template <class... Params>
using Values = detail::ValuesOf<std::index_sequence_for<Params...>, Params...>;

/// One launch of the original kernel.
template <class... Params> struct Record {
  dim3 Grid;
  dim3 Block;
  unsigned SharedMem;
  /// Its first block in the aggregated grid.
  unsigned FirstBlock;
  Values<Params...> Args;
};

/// A batch of records in the device heap: this header, then the records.
struct RecordsHeader {
  unsigned Count;
  unsigned TotalBlocks;
  /// Blocks of the aggregated grid that have read their record; the last
  /// one frees the batch.
  unsigned BlocksDone;
  unsigned Bytes;
};

template <class... Params> struct Records {
  static constexpr std::size_t kEntriesAt =
      (sizeof(RecordsHeader) + alignof(Record<Params...>) - 1) /
      alignof(Record<Params...>) * alignof(Record<Params...>);

  __device__ static std::size_t bytesFor(unsigned Count) {
    return kEntriesAt + Count * sizeof(Record<Params...>);
  }
  __device__ RecordsHeader &header() {
    return *reinterpret_cast<RecordsHeader *>(this);
  }
  __device__ Record<Params...> *entries() {
    return reinterpret_cast<Record<Params...> *>(
        reinterpret_cast<char *>(this) + kEntriesAt);
  }
};

//===----------------------------------------------------------------------===//
// Statistics (CDP_AGGREGATE_STATS): what the benchmarks report.
//===----------------------------------------------------------------------===//

struct Stats {
  /// Launches the device runtime was asked for (aggregated or alone).
  unsigned long long Launches;
  /// Original launches that ran inside an aggregated one.
  unsigned long long Aggregated;
  /// Original launches made alone (a single launch in its group, no room).
  unsigned long long Alone;
  /// Heap bytes held by batches now, and at most.
  unsigned long long BytesInUse;
  unsigned long long PeakBytes;
};

#ifdef CDP_AGGREGATE_STATS
static __device__ Stats TheStats;
/// The counters so far (host side).
static inline Stats readStats() {
  Stats Result{};
  cudaMemcpyFromSymbol(&Result, TheStats, sizeof(Stats));
  return Result;
}
/// Zeroes the counters (host side).
static inline void resetStats() {
  const Stats Zero{};
  cudaMemcpyToSymbol(TheStats, &Zero, sizeof(Stats));
}
#endif

namespace detail {

__device__ inline void countLaunch(unsigned long long Aggregated) {
#ifdef CDP_AGGREGATE_STATS
  atomicAdd(&TheStats.Launches, 1ull);
  if (Aggregated)
    atomicAdd(&TheStats.Aggregated, Aggregated);
  else
    atomicAdd(&TheStats.Alone, 1ull);
#else
  (void)Aggregated;
#endif
}

//===----------------------------------------------------------------------===//
// The batches' memory. The device heap's malloc costs about as much as the
// launches it saves (measured on the H200), so batches come from two pools
// of fixed-size chunks, claimed with one atomic each: small chunks for a
// warp's batch, large ones for a block's. A batch too large for a chunk, or
// found no free chunk after 32 tries, comes from malloc; failing that,
// its launches are made alone. `static`: each translation unit that
// includes this header has its pools (define the sizes smaller for a
// program of many such files).
//===----------------------------------------------------------------------===//

#ifndef CDP_AGGREGATE_SMALL_CHUNKS
#define CDP_AGGREGATE_SMALL_CHUNKS 16384
#endif
#ifndef CDP_AGGREGATE_LARGE_CHUNKS
#define CDP_AGGREGATE_LARGE_CHUNKS 2048
#endif
constexpr std::size_t kSmallChunkBytes = 4096;
constexpr std::size_t kLargeChunkBytes = 16384;

template <std::size_t ChunkBytes, unsigned Chunks> struct Pool {
  unsigned long long Cursor;
  unsigned Busy[Chunks];
  alignas(256) char Bytes[Chunks][ChunkBytes];

  __device__ void *claim() {
    const unsigned long long Start = atomicAdd(&Cursor, 1ull);
    for (unsigned Try = 0; Try < 32; ++Try) {
      const unsigned Chunk = (Start + Try * 97) % Chunks;
      if (atomicCAS(&Busy[Chunk], 0u, 1u) == 0u)
        return Bytes[Chunk];
    }
    return nullptr;
  }
  __device__ bool release(void *Pointer) {
    const std::uintptr_t At = reinterpret_cast<std::uintptr_t>(Pointer),
                         Begin = reinterpret_cast<std::uintptr_t>(Bytes);
    if (At < Begin || At >= Begin + sizeof(Bytes))
      return false;
    atomicExch(&Busy[(At - Begin) / ChunkBytes], 0u);
    return true;
  }
};

static __device__ Pool<kSmallChunkBytes, CDP_AGGREGATE_SMALL_CHUNKS> SmallPool;
static __device__ Pool<kLargeChunkBytes, CDP_AGGREGATE_LARGE_CHUNKS> LargePool;

__device__ inline void *allocateBytes(std::size_t Bytes) {
  void *Memory = nullptr;
  if (Bytes <= kSmallChunkBytes)
    Memory = SmallPool.claim();
  else if (Bytes <= kLargeChunkBytes)
    Memory = LargePool.claim();
  return Memory ? Memory : malloc(Bytes);
}

__device__ inline void releaseBytes(void *Memory) {
  if (!SmallPool.release(Memory) && !LargePool.release(Memory))
    free(Memory);
}

template <class... Params>
__device__ Records<Params...> *allocateRecords(unsigned Count) {
  const std::size_t Bytes = Records<Params...>::bytesFor(Count);
  auto *Batch = static_cast<Records<Params...> *>(allocateBytes(Bytes));
  if (Batch) {
    Batch->header().Bytes = static_cast<unsigned>(Bytes);
#ifdef CDP_AGGREGATE_STATS
    unsigned long long Now = atomicAdd(&TheStats.BytesInUse, Bytes) + Bytes;
    atomicMax(&TheStats.PeakBytes, Now);
#endif
  }
  return Batch;
}

template <class... Params>
__device__ void freeRecords(Records<Params...> *Batch) {
#ifdef CDP_AGGREGATE_STATS
  atomicAdd(&TheStats.BytesInUse,
            0ull - static_cast<unsigned long long>(Batch->header().Bytes));
#endif
  releaseBytes(Batch);
}

/// Whether a launch of `Grid` x `Block` can join an aggregated grid; its
/// block count in `Blocks`. One that cannot is launched alone, where the
/// device runtime reports a bad configuration as it would have.
__device__ inline bool joinable(const dim3 &Grid, const dim3 &Block,
                                unsigned long long &Blocks) {
  Blocks = 1ull * Grid.x * Grid.y * Grid.z;
  const unsigned long long Threads = 1ull * Block.x * Block.y * Block.z;
  return Blocks > 0 && Blocks <= kMaxRecordBlocks && Grid.y <= 65535 &&
         Grid.z <= 65535 && Threads > 0 && Threads <= 1024 && Block.z <= 64;
}

/// The block shape as one 64-bit key (each extent is at most 1024).
__device__ inline unsigned long long shapeKey(const dim3 &Block) {
  return (1ull * Block.x << 22) | (1ull * Block.y << 11) | Block.z;
}

__device__ inline unsigned laneId() {
  unsigned Lane;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(Lane));
  return Lane;
}

__device__ inline bool isFirstThreadOfBlock() {
  return threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
}

} // namespace detail

/// The block of one original launch that a block of an aggregated grid
/// runs: `Batch::block()`.
template <class... Params> struct Block {
  uint3 BlockIdx;
  dim3 GridDim;
  dim3 BlockDim;
  /// This thread is beyond the launch's block shape (the aggregated block
  /// has the largest shape of its records); it does no work.
  bool Idle;
  Values<Params...> Args;

  /// Argument `Index`, as its parameter's type.
  template <std::size_t Index> __device__ const auto &arg() const {
    return detail::valueIn<Index>(Args);
  }
};

/// The parameter of an aggregated kernel. `OneBlockShape`: the kernel has
/// barriers, so only launches of one block shape share a batch (a thread
/// beyond a launch's shape could not take part in its barriers).
template <bool OneBlockShape, class... Params> struct BasicBatch {
  /// The records, or null for a launch made alone (in `One`).
  Records<Params...> *Many;
  Record<Params...> One;

  /// Which launch this block runs, and where in it. Every thread of the
  /// block calls it first: it waits for all of them before the batch may be
  /// freed.
  __device__ Block<Params...> block() const {
    if (!Many)
      return {blockIdx, gridDim, blockDim, false, One.Args};
    Record<Params...> *Entries = Many->entries();
    unsigned Low = 0, High = Many->header().Count - 1;
    while (Low < High) {
      unsigned Middle = (Low + High + 1) / 2;
      if (Entries[Middle].FirstBlock <= blockIdx.x)
        Low = Middle;
      else
        High = Middle - 1;
    }
    const Record<Params...> Mine = Entries[Low];
    const unsigned Local = blockIdx.x - Mine.FirstBlock;
    const bool Idle = threadIdx.x >= Mine.Block.x ||
                      threadIdx.y >= Mine.Block.y ||
                      threadIdx.z >= Mine.Block.z;
    Block<Params...> Result{{Local % Mine.Grid.x,
                             Local / Mine.Grid.x % Mine.Grid.y,
                             Local / (Mine.Grid.x * Mine.Grid.y)},
                            Mine.Grid,
                            Mine.Block,
                            Idle,
                            Mine.Args};
    __syncthreads();
    if (detail::isFirstThreadOfBlock()) {
      RecordsHeader &Header = Many->header();
      if (atomicAdd(&Header.BlocksDone, 1u) + 1 == Header.TotalBlocks)
        detail::freeRecords(Many);
    }
    return Result;
  }
};

template <class... Params> using Batch = BasicBatch<false, Params...>;
template <class... Params> using SyncedBatch = BasicBatch<true, Params...>;

namespace detail {

template <bool OneShape, class... Params>
using AggregatedKernel = void (*)(BasicBatch<OneShape, Params...>);

/// One original launch, alone: a one-record batch by value.
template <bool OneShape, class... Params>
__device__ void launchAlone(AggregatedKernel<OneShape, Params...> Kernel,
                            const Record<Params...> &Launch,
                            cudaStream_t Stream) {
  countLaunch(0);
  using BatchType = BasicBatch<OneShape, Params...>;
  DeviceLaunch<void(BatchType)>(
      Kernel, {Launch.Grid, Launch.Block, Launch.SharedMem, Stream})
      .arg(BatchType{nullptr, Launch})
      .launch();
}

/// Launches a batch whose header and records are written. False when the
/// device runtime refused it: its records are then still the caller's.
template <bool OneShape, class... Params>
__device__ bool launchBatch(AggregatedKernel<OneShape, Params...> Kernel,
                            Records<Params...> *Many, dim3 Block,
                            unsigned SharedMem, cudaStream_t Stream) {
  using BatchType = BasicBatch<OneShape, Params...>;
  const RecordsHeader &Header = Many->header();
  // An earlier error of this thread would be taken for this launch's: that
  // only costs launching the records alone.
  (void)cudaGetLastError();
  DeviceLaunch<void(BatchType)>(
      Kernel, {dim3(Header.TotalBlocks), Block, SharedMem, Stream})
      .arg(BatchType{Many, {}})
      .launch();
  if (cudaGetLastError() != cudaSuccess)
    return false;
  countLaunch(Header.Count);
  return true;
}

} // namespace detail

//===----------------------------------------------------------------------===//
// Warp granularity.
//===----------------------------------------------------------------------===//

/// `child<<<Config>>>(Values...)` aggregated with the same launches of the
/// other threads of the warp that are here now. The values are taken by
/// copy, as `<<<>>>` takes them: a reference would odr-use a host constant
/// passed as an argument, which device code cannot.
template <bool OneShape, class... Params, class... Args>
__device__ void byWarp(void (*Kernel)(BasicBatch<OneShape, Params...>),
                       const LaunchConfig &Config, Args... Values) {
  Record<Params...> Mine{Config.Grid,
                         Config.Block,
                         static_cast<unsigned>(Config.SharedMem.Bytes),
                         0,
                         {{detail::implicitly<Params>(Values)}...}};
  unsigned long long Blocks;
  if (!detail::joinable(Config.Grid, Config.Block, Blocks))
    return detail::launchAlone(Kernel, Mine, Config.Stream);

  const unsigned Active = __activemask();
  unsigned Group = __match_any_sync(
      Active, static_cast<unsigned long long>(
                  reinterpret_cast<std::uintptr_t>(Config.Stream)));
  if (OneShape)
    Group &= __match_any_sync(Active, detail::shapeKey(Config.Block));
  const unsigned Lane = detail::laneId();
  const unsigned Leader = __ffs(Group) - 1;
  const unsigned Count = __popc(Group);
  if (Count == 1)
    return detail::launchAlone(Kernel, Mine, Config.Stream);

  // This launch's first block, the group's block count, and its largest
  // block shape and shared memory; the same loop in every member.
  unsigned long long First = 0, Total = 0;
  unsigned SharedMem = 0, X = 0, Y = 0, Z = 0;
  for (unsigned Rest = Group; Rest; Rest &= Rest - 1) {
    const int Member = __ffs(Rest) - 1;
    const unsigned long long Theirs = __shfl_sync(Group, Blocks, Member);
    if (static_cast<unsigned>(Member) < Lane)
      First += Theirs;
    Total += Theirs;
    SharedMem = max(SharedMem, __shfl_sync(Group, Mine.SharedMem, Member));
    X = max(X, __shfl_sync(Group, Mine.Block.x, Member));
    Y = max(Y, __shfl_sync(Group, Mine.Block.y, Member));
    Z = max(Z, __shfl_sync(Group, Mine.Block.z, Member));
  }
  if (Total > detail::kMaxBatchBlocks || X * Y * Z > 1024 || Z > 64)
    return detail::launchAlone(Kernel, Mine, Config.Stream);

  Records<Params...> *Many = nullptr;
  if (Lane == Leader)
    Many = detail::allocateRecords<Params...>(Count);
  Many = reinterpret_cast<Records<Params...> *>(
      __shfl_sync(Group, reinterpret_cast<unsigned long long>(Many), Leader));
  if (!Many)
    return detail::launchAlone(Kernel, Mine, Config.Stream);

  Mine.FirstBlock = static_cast<unsigned>(First);
  Many->entries()[__popc(Group & ((1u << Lane) - 1))] = Mine;
  // The child must see what this thread wrote before its launch, as it
  // would have seen it had this thread launched.
  __threadfence();
  __syncwarp(Group);
  bool Launched = false;
  if (Lane == Leader) {
    Many->header() = {Count, static_cast<unsigned>(Total), 0,
                      Many->header().Bytes};
    Launched = detail::launchBatch(Kernel, Many, dim3(X, Y, Z), SharedMem,
                                   Config.Stream);
  }
  if (__shfl_sync(Group, Launched, Leader))
    return;
  detail::launchAlone(Kernel, Mine, Config.Stream);
  if (Lane == Leader)
    detail::freeRecords(Many);
}

//===----------------------------------------------------------------------===//
// Block granularity.
//===----------------------------------------------------------------------===//

namespace detail {

/// What a block's launches of one aggregated kernel share, in shared
/// memory. Plain data: a __shared__ variable has no constructor.
struct BlockLaunches {
  /// Records claimed (high 32 bits) and their blocks (low 32 bits), claimed
  /// together so that records in slot order have increasing FirstBlock.
  unsigned long long Claims;
  unsigned Entered;
  unsigned Exited;
  /// 0: no launch yet; 1: the first launch is allocating; 2: ready.
  unsigned Status;
  unsigned Capacity;
  void *Buffer;
  cudaStream_t Stream;
  unsigned ShapeX, ShapeY, ShapeZ, SharedMem;
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

} // namespace detail

template <auto Kernel> class BlockScope;

/// The launches of `Kernel`'s original by the threads of one block,
/// aggregated into one launch when the block's last thread leaves the
/// kernel. cdp-lower declares one at the top of the launching kernel.
template <bool OneShape, class... Params,
          void (*Kernel)(BasicBatch<OneShape, Params...>)>
class BlockScope<Kernel> {
public:
  /// Every thread of the block, together, at the top of the kernel.
  __device__ BlockScope() {
    __shared__ detail::BlockLaunches Shared;
    if (detail::isFirstThreadOfBlock())
      Shared = {};
    __syncthreads();
    State = &Shared;
    atomicAdd(&State->Entered, 1u);
    __syncthreads();
  }
  BlockScope(const BlockScope &) = delete;
  BlockScope &operator=(const BlockScope &) = delete;

  /// Each thread as it leaves the kernel; the last one launches.
  __device__ ~BlockScope() {
    // What this thread wrote, its records included, before the launch.
    __threadfence();
    if (atomicAdd(&State->Exited, 1u) + 1 == State->Entered)
      flush();
  }

  /// `child<<<Config>>>(Values...)`, recorded for the end of the block.
  template <class... Args>
  __device__ void launch(const LaunchConfig &Config, Args... Values) {
    Record<Params...> Mine{Config.Grid,
                           Config.Block,
                           static_cast<unsigned>(Config.SharedMem.Bytes),
                           0,
                           {{detail::implicitly<Params>(Values)}...}};
    unsigned long long Blocks;
    Records<Params...> *Many = nullptr;
    if (detail::joinable(Config.Grid, Config.Block, Blocks) &&
        detail::deferrable(Config.Stream))
      Many = records(Config);
    if (!Many || Config.Stream != State->Stream ||
        (OneShape &&
         (Config.Block.x != State->ShapeX || Config.Block.y != State->ShapeY ||
          Config.Block.z != State->ShapeZ)))
      return detail::launchAlone(Kernel, Mine, Config.Stream);

    unsigned long long Seen = atomicAdd(&State->Claims, 0ull), Claimed;
    do {
      Claimed = Seen;
      const unsigned long long Slot = Claimed >> 32,
                               First = Claimed & 0xffffffffull;
      if (Slot >= State->Capacity || First + Blocks > detail::kMaxBatchBlocks)
        return detail::launchAlone(Kernel, Mine, Config.Stream);
      Seen =
          atomicCAS(&State->Claims, Claimed, Claimed + ((1ull << 32) | Blocks));
    } while (Seen != Claimed);
    Mine.FirstBlock = static_cast<unsigned>(Claimed & 0xffffffffull);
    Many->entries()[Claimed >> 32] = Mine;
    atomicMax(&State->ShapeX, Config.Block.x);
    atomicMax(&State->ShapeY, Config.Block.y);
    atomicMax(&State->ShapeZ, Config.Block.z);
    atomicMax(&State->SharedMem, Mine.SharedMem);
  }

private:
  /// The block's records, allocated by its first launch, which also fixes
  /// the stream (and, with barriers, the block shape) of the batch.
  __device__ Records<Params...> *records(const LaunchConfig &Config) {
    if (atomicCAS(&State->Status, 0u, 1u) == 0u) {
      const unsigned Threads = blockDim.x * blockDim.y * blockDim.z;
      // At most what a large chunk holds, and 2,048 (see kMaxRecordBlocks).
      constexpr unsigned Fits = static_cast<unsigned>(
          (detail::kLargeChunkBytes - Records<Params...>::kEntriesAt) /
          sizeof(Record<Params...>));
      unsigned Capacity = Threads * CDP_AGGREGATE_RECORDS_PER_THREAD;
      Capacity = Capacity > Fits ? Fits : Capacity;
      Capacity = Capacity > 2048 ? 2048 : Capacity;
      State->Buffer =
          Capacity ? detail::allocateRecords<Params...>(Capacity) : nullptr;
      State->Capacity = Capacity;
      State->Stream = Config.Stream;
      State->ShapeX = Config.Block.x;
      State->ShapeY = Config.Block.y;
      State->ShapeZ = Config.Block.z;
      __threadfence_block();
      atomicExch(&State->Status, 2u);
    }
    while (atomicAdd(&State->Status, 0u) != 2u)
      __nanosleep(32);
    return static_cast<Records<Params...> *>(State->Buffer);
  }

  /// Launches the block's records: by the last thread to leave.
  __device__ void flush() {
    auto *Many = static_cast<Records<Params...> *>(State->Buffer);
    if (!Many)
      return;
    __threadfence();
    const unsigned Count = static_cast<unsigned>(State->Claims >> 32);
    const dim3 Shape(State->ShapeX, State->ShapeY, State->ShapeZ);
    if (Count >= 2 && Shape.x * Shape.y * Shape.z <= 1024) {
      Many->header() = {Count, static_cast<unsigned>(State->Claims), 0,
                        Many->header().Bytes};
      if (detail::launchBatch(Kernel, Many, Shape, State->SharedMem,
                              State->Stream))
        return;
    }
    // Alone: one record, shapes too large together, or a refused batch.
    for (unsigned I = 0; I < Count; ++I)
      detail::launchAlone(Kernel, Many->entries()[I], State->Stream);
    detail::freeRecords(Many);
  }

  detail::BlockLaunches *State;
};

} // namespace aggregated
} // namespace cdp

#endif // CDP_AGGREGATE_CUH
