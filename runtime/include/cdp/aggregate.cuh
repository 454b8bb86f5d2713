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
//    launches them (`BlockScope::launch`, `~BlockScope`).
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
// Before C++17 this header adds one error and nothing else (before C++14,
// cdp/launch.cuh's).
#include "cdp/launch.cuh"
#if defined(__cplusplus) && __cplusplus >= 201402L && __cplusplus < 201703L
// clang-format off
#error "cdp/aggregate.cuh (launches aggregated by cdp-lower) needs C++17 or later: compile with -std=c++17, nvcc 13's default"
// clang-format on
#elif !defined(CDP_AGGREGATE_CUH) &&                                           \
    !(defined(__cplusplus) && __cplusplus < 201703L)
#define CDP_AGGREGATE_CUH

#include <cstddef>
#include <cstdint>
#include <new>
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
/// Aggregates this launch with the same launches of the whole launching
/// grid, launched when the grid's last block finishes.
__device__ inline cudaStream_t grid(cudaStream_t Stream = 0) { return Stream; }

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

template <class T> struct Identity {
  using type = T;
};
/// `T`, in a position that template argument deduction skips: the
/// parameter takes its type from elsewhere (the kernel's), and the argument
/// converts to it as a call's does, a braced list (`{1, 2.0}`) included.
template <class T> using NotDeduced = typename Identity<T>::type;

/// The most blocks one record may have, so that 2,048 records' blocks still
/// count in 32 bits; a larger launch gains nothing from aggregation.
constexpr unsigned long long kMaxRecordBlocks = 1ull << 20;
/// The most blocks of one aggregated grid (gridDim.x is below 2^31).
constexpr unsigned long long kMaxBatchBlocks = (1ull << 31) - 1;

} // namespace detail

/// A launch's arguments, each as its parameter's type.
template <class... Params>
using Values = detail::ValuesOf<std::index_sequence_for<Params...>, Params...>;

/// A launch's arguments as the bytes the parameter buffer would hold: made
/// once by copy-constructing each argument into them (`store`), as
/// `<<<>>>` does, and copied as bytes from then on, as the device runtime
/// copies parameters. Never default-constructed: a parameter type whose
/// default constructor is host-only, or deleted, is recorded as well.
template <class... Params> struct ArgumentBytes {
  alignas(Values<Params...>) unsigned char Bytes[sizeof(Values<Params...>)];

  template <class... Args> __device__ void store(Args... Arguments) {
    new (Bytes) Values<Params...>{{detail::implicitly<Params>(Arguments)}...};
  }
  /// Argument `Index`, as its parameter's type.
  template <std::size_t Index> __device__ const auto &arg() const {
    return detail::valueIn<Index>(
        *reinterpret_cast<const Values<Params...> *>(Bytes));
  }
};

/// One launch of the original kernel.
template <class... Params> struct Record {
  dim3 Grid;
  dim3 Block;
  unsigned SharedMem;
  /// Its first block in the aggregated grid.
  unsigned FirstBlock;
  ArgumentBytes<Params...> Args;
};

namespace detail {
/// The record of `child<<<Config>>>(Arguments...)`.
template <class... Params, class... Args>
__device__ Record<Params...> recordOf(const LaunchConfig &Config,
                                      Args... Arguments) {
  Record<Params...> Launch;
  Launch.Grid = Config.Grid;
  Launch.Block = Config.Block;
  Launch.SharedMem = static_cast<unsigned>(Config.SharedMem.Bytes);
  Launch.FirstBlock = 0;
  Launch.Args.store(Arguments...);
  return Launch;
}
} // namespace detail

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
  /// Batches that found no free chunk in the pools: their launches were
  /// made alone.
  unsigned long long NoRoom;
};

#ifdef CDP_AGGREGATE_STATS
inline __device__ Stats TheStats;
/// The counters so far (host side).
inline Stats readStats() {
  Stats Result{};
  cudaMemcpyFromSymbol(&Result, TheStats, sizeof(Stats));
  return Result;
}
/// Zeroes the counters (host side).
inline void resetStats() {
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
// The batches' memory: pools of fixed-size chunks, claimed with a few
// atomics each: 4 KB chunks for a warp's batch, 16, 64 and 256 KB ones for
// a block's (a block of 1,024 threads that each launch a child of six
// parameters records 74 KB) and for a grid's list of blocks. A batch takes
// the smallest chunk that holds it, or a larger one when none is free.
// When every pool is full its launches are made alone, as nvcc makes them:
// there is no fallback to the device heap's malloc, which costs about as
// much as the launches it saves and, once the heap is full, far more
// (measured on an H100: a 10-million-point quadtree ran at 0.01x of native
// by grid while its batches came from malloc). `inline`: the device link
// (CDP builds with -rdc) keeps one copy for the whole program, however many
// of its files include this header (measured: one address from two files);
// define the counts alike in every file, or not at all.
//===----------------------------------------------------------------------===//

#ifndef CDP_AGGREGATE_SMALL_CHUNKS
#define CDP_AGGREGATE_SMALL_CHUNKS 16384
#endif
#ifndef CDP_AGGREGATE_LARGE_CHUNKS
#define CDP_AGGREGATE_LARGE_CHUNKS 2048
#endif
#ifndef CDP_AGGREGATE_BLOCK_CHUNKS
#define CDP_AGGREGATE_BLOCK_CHUNKS 512
#endif
#ifndef CDP_AGGREGATE_HUGE_CHUNKS
#define CDP_AGGREGATE_HUGE_CHUNKS 256
#endif
constexpr std::size_t kSmallChunkBytes = 4096;
constexpr std::size_t kLargeChunkBytes = 16384;
constexpr std::size_t kBlockChunkBytes = 65536;
constexpr std::size_t kHugeChunkBytes = 262144;

template <std::size_t ChunkBytes, unsigned Chunks> struct Pool {
  unsigned long long Cursor;
  /// Chunks claimed, so that a full pool says so with one atomic instead
  /// of a probe of every chunk.
  unsigned Used;
  unsigned Busy[Chunks];
  alignas(256) char Bytes[Chunks][ChunkBytes];

  __device__ void *claim() {
    if (atomicAdd(&Used, 1u) >= Chunks) {
      atomicSub(&Used, 1u);
      return nullptr;
    }
    // Some chunk is free; look at 32 of them, spread from where the last
    // claim started. A nearly full pool may hide its free chunks from
    // them: a longer search costs more than the launches it would save
    // (and a grid's search holds the lock of its kernel's grid table).
    const unsigned long long Start = atomicAdd(&Cursor, 1ull);
    for (unsigned Try = 0; Try < 32; ++Try) {
      const unsigned Chunk = (Start + Try * 97) % Chunks;
      if (atomicCAS(&Busy[Chunk], 0u, 1u) == 0u)
        return Bytes[Chunk];
    }
    atomicSub(&Used, 1u);
    return nullptr;
  }
  __device__ bool release(void *Pointer) {
    const std::uintptr_t At = reinterpret_cast<std::uintptr_t>(Pointer),
                         Begin = reinterpret_cast<std::uintptr_t>(Bytes);
    if (At < Begin || At >= Begin + sizeof(Bytes))
      return false;
    atomicExch(&Busy[(At - Begin) / ChunkBytes], 0u);
    atomicSub(&Used, 1u);
    return true;
  }
};

inline __device__ Pool<kSmallChunkBytes, CDP_AGGREGATE_SMALL_CHUNKS> SmallPool;
inline __device__ Pool<kLargeChunkBytes, CDP_AGGREGATE_LARGE_CHUNKS> LargePool;
inline __device__ Pool<kBlockChunkBytes, CDP_AGGREGATE_BLOCK_CHUNKS> BlockPool;
inline __device__ Pool<kHugeChunkBytes, CDP_AGGREGATE_HUGE_CHUNKS> HugePool;

/// A chunk of at least `Bytes` (at most kHugeChunkBytes), its size in
/// `Got`; null when every pool that could hold it is full.
__device__ inline void *allocateBytes(std::size_t Bytes, std::size_t &Got) {
  void *Memory = nullptr;
  if (Bytes <= kSmallChunkBytes && (Memory = SmallPool.claim()))
    Got = kSmallChunkBytes;
  else if (Bytes <= kLargeChunkBytes && (Memory = LargePool.claim()))
    Got = kLargeChunkBytes;
  else if (Bytes <= kBlockChunkBytes && (Memory = BlockPool.claim()))
    Got = kBlockChunkBytes;
  else if (Bytes <= kHugeChunkBytes && (Memory = HugePool.claim()))
    Got = kHugeChunkBytes;
#ifdef CDP_AGGREGATE_STATS
  if (!Memory)
    atomicAdd(&TheStats.NoRoom, 1ull);
#endif
  return Memory;
}

__device__ inline void releaseBytes(void *Memory) {
  if (!SmallPool.release(Memory) && !LargePool.release(Memory) &&
      !BlockPool.release(Memory))
    HugePool.release(Memory);
}

/// Records for at least `Count` launches (at most what the largest chunk
/// holds), and as many more as their chunk holds, up to `Most`: the
/// capacity in `Capacity`.
template <class... Params>
__device__ Records<Params...> *allocateRecords(unsigned Count, unsigned Most,
                                               unsigned &Capacity) {
  constexpr unsigned Fits =
      static_cast<unsigned>((kHugeChunkBytes - Records<Params...>::kEntriesAt) /
                            sizeof(Record<Params...>));
  std::size_t Got = 0;
  auto *Batch = static_cast<Records<Params...> *>(allocateBytes(
      Records<Params...>::bytesFor(Count < Fits ? Count : Fits), Got));
  if (!Batch) {
    Capacity = 0;
    return nullptr;
  }
  Capacity = static_cast<unsigned>((Got - Records<Params...>::kEntriesAt) /
                                   sizeof(Record<Params...>));
  Capacity = Capacity < Most ? Capacity : Most;
  const std::size_t Bytes = Records<Params...>::bytesFor(Capacity);
  Batch->header().Bytes = static_cast<unsigned>(Bytes);
#ifdef CDP_AGGREGATE_STATS
  unsigned long long Now = atomicAdd(&TheStats.BytesInUse, Bytes) + Bytes;
  atomicMax(&TheStats.PeakBytes, Now);
#endif
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

/// The lanes of the warp that are here together, made to leave together.
/// The device runtime hangs when groups of one warp's lanes that are not
/// converged launch at once (cdp/launch.cuh, "Runtime turns"); the turns
/// prevent it, and this keeps them rare: each entry point of this runtime
/// takes the lanes that arrive together, makes its launches as one step
/// of all of them, and gives them back together, so that its own waits
/// and last-thread launches do not leave the user's warp split.
class Converged {
public:
  __device__ Converged() : Mask(__activemask()) {}
  __device__ ~Converged() { __syncwarp(Mask); }
  Converged(const Converged &) = delete;
  Converged &operator=(const Converged &) = delete;
  __device__ unsigned mask() const { return Mask; }

private:
  unsigned Mask;
};

using cdp::detail::laneId;

/// The largest of the group's `Value`s, in every member.
__device__ inline unsigned groupMax(unsigned Group, unsigned Value) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  return __reduce_max_sync(Group, Value);
#else
  for (unsigned Rest = Group; Rest; Rest &= Rest - 1)
    Value = max(Value, __shfl_sync(Group, Value, __ffs(Rest) - 1));
  return Value;
#endif
}

__device__ inline bool isFirstThreadOfBlock() {
  return threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
}

} // namespace detail

/// The block of one original launch that a block of an aggregated grid
/// runs: `Batch::block()`.
template <class... Params> struct Block {
  /// The launch's arguments: in the block's shared memory, or the
  /// parameter of a launch made alone.
  const ArgumentBytes<Params...> *Args;
  uint3 BlockIdx;
  dim3 GridDim;
  dim3 BlockDim;
  /// This thread is beyond the launch's block shape (the aggregated block
  /// has the largest shape of its records); it does no work.
  bool Idle;

  /// Argument `Index`, as its parameter's type.
  template <std::size_t Index> __device__ const auto &arg() const {
    return Args->template arg<Index>();
  }
};

/// At grid granularity, the blocks' batches of a parent grid, in the order
/// of the aggregated grid's blocks: this header, then the references.
struct BatchRef {
  void *Records;
  unsigned FirstBlock;
  unsigned Unused;
};
struct GridBatches {
  /// Claimed references (high 24 bits) and their blocks (low 40 bits).
  unsigned long long Claims;
  unsigned Capacity;
  /// Blocks of the aggregated grid that have read their record.
  unsigned BlocksDone;
  unsigned TotalBlocks;
  /// 0: no batch yet; 1: the first is fixing stream and shape; 2: fixed.
  unsigned Status;
  unsigned ShapeX, ShapeY, ShapeZ, SharedMem;
  cudaStream_t Stream;

  __device__ BatchRef *refs() { return reinterpret_cast<BatchRef *>(this + 1); }
};

/// The parameter of an aggregated kernel. `OneBlockShape`: the kernel has
/// barriers, so only launches of one block shape share a batch (a thread
/// beyond a launch's shape could not take part in its barriers).
template <bool OneBlockShape, class... Params> struct BasicBatch {
  /// The records, or null for a launch made alone (in `One`) or for the
  /// blocks' batches of a grid (in `Grid`).
  Records<Params...> *Many;
  GridBatches *Grid;
  Record<Params...> One;

  /// Which launch this block runs, and where in it. Every thread of the
  /// block calls it first: the block's first thread finds the record (a
  /// binary search over the batch), copies it into shared memory and
  /// releases the batch, and the others wait for it. One search per block,
  /// not per thread, and the record's bytes stay out of the threads'
  /// registers: the arguments are read from shared memory where the body
  /// uses them.
  __device__ Block<Params...> block() const {
    __shared__ alignas(
        Record<Params...>) unsigned char Storage[sizeof(Record<Params...>)];
    __shared__ unsigned LocalBlock;
    auto &Mine = *reinterpret_cast<Record<Params...> *>(Storage);
    if (!Many && !Grid) {
      // A launch made alone: its record is the parameter (copied too, so
      // that the parameter's address is never taken, which would copy it
      // to every thread's stack).
      if (detail::isFirstThreadOfBlock()) {
        Mine = One;
        LocalBlock =
            blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
      }
    } else if (detail::isFirstThreadOfBlock()) {
      unsigned Index = blockIdx.x;
      Records<Params...> *From = Many;
      if (Grid) {
        const BatchRef Ref = Grid->refs()[lastAtOrBefore(
            Grid->refs(), static_cast<unsigned>(Grid->Claims >> 40), Index)];
        From = static_cast<Records<Params...> *>(Ref.Records);
        Index -= Ref.FirstBlock;
      }
      Record<Params...> *Entries = From->entries();
      Mine = Entries[lastAtOrBefore(Entries, From->header().Count, Index)];
      LocalBlock = Index - Mine.FirstBlock;
      release();
    }
    __syncthreads();
    const unsigned Local = LocalBlock;
    const dim3 Grid = Mine.Grid, Block = Mine.Block;
    return {
        &Mine.Args,
        {Local % Grid.x, Local / Grid.x % Grid.y, Local / (Grid.x * Grid.y)},
        Grid,
        Block,
        threadIdx.x >= Block.x || threadIdx.y >= Block.y ||
            threadIdx.z >= Block.z};
  }

private:
  /// The last of the `Count` entries whose FirstBlock is at most `Block`.
  template <class Entry>
  __device__ static unsigned lastAtOrBefore(const Entry *Entries,
                                            unsigned Count, unsigned Block) {
    unsigned Low = 0, High = Count - 1;
    while (Low < High) {
      unsigned Middle = (Low + High + 1) / 2;
      if (Entries[Middle].FirstBlock <= Block)
        Low = Middle;
      else
        High = Middle - 1;
    }
    return Low;
  }

  /// After the block has read its record: the last block frees the batch.
  __device__ void release() const {
    if (Many) {
      RecordsHeader &Header = Many->header();
      if (atomicAdd(&Header.BlocksDone, 1u) + 1 == Header.TotalBlocks)
        detail::freeRecords(Many);
      return;
    }
    if (atomicAdd(&Grid->BlocksDone, 1u) + 1 != Grid->TotalBlocks)
      return;
    const unsigned Count = static_cast<unsigned>(Grid->Claims >> 40);
    for (unsigned I = 0; I < Count; ++I)
      detail::freeRecords(
          static_cast<Records<Params...> *>(Grid->refs()[I].Records));
    detail::releaseBytes(Grid);
  }
};

template <class... Params> using Batch = BasicBatch<false, Params...>;
template <class... Params> using SyncedBatch = BasicBatch<true, Params...>;

namespace detail {

template <bool OneShape, class... Params>
using AggregatedKernel = void (*)(BasicBatch<OneShape, Params...>);

/// Launches `Kernel` with the batch of `Many` or `Grid` or, for a launch
/// made alone, of `One`, written into the parameter buffer field by field,
/// the record a word at a time. Building the whole parameter in registers
/// first would take a register per word (116 for a record of three graph
/// classes), more than the bounds of a 1,024-thread launching kernel allow.
template <class BatchType>
__device__ void launchWith(void (*Kernel)(BatchType),
                           const LaunchConfig &Config,
                           decltype(BatchType::Many) Many, GridBatches *Grid,
                           const decltype(BatchType::One) *One) {
  using RecordType = decltype(BatchType::One);
  using Layout = ParamLayout<BatchType>;
  static_assert(cdp::detail::LaunchableKernel<BatchType>::value);
  void *Entry = reinterpret_cast<void *>(Kernel);
  const bool UseV2 = cdp::detail::usesLaunchV2(Config.Stream);
  void *Buffer = cdp::detail::obtainBuffer<Layout>(Entry, Config, UseV2);
  if (!Buffer)
    return; // The error stays for cudaGetLastError(), as with <<<>>>.
  auto *Param = static_cast<BatchType *>(Buffer);
  Param->Many = Many;
  Param->Grid = Grid;
  if (One) {
    static_assert(sizeof(RecordType) % sizeof(unsigned) == 0);
    const auto *From = reinterpret_cast<const unsigned *>(One);
    auto *To = reinterpret_cast<unsigned *>(&Param->One);
#pragma unroll 1
    for (std::size_t I = 0; I < sizeof(RecordType) / sizeof(unsigned); ++I)
      To[I] = From[I];
  }
  cdp::detail::launchBuffer<Layout>(Entry, Buffer, Config, UseV2);
}

/// One original launch, alone: a one-record batch by value.
template <bool OneShape, class... Params>
__device__ __noinline__ void
launchAlone(AggregatedKernel<OneShape, Params...> Kernel,
            const Record<Params...> &Launch, cudaStream_t Stream) {
  countLaunch(0);
  launchWith(Kernel, {Launch.Grid, Launch.Block, Launch.SharedMem, Stream},
             nullptr, nullptr, &Launch);
}

/// Launches a batch whose header and records are written. False when the
/// device runtime refused it: its records are then still the caller's.
template <bool OneShape, class... Params>
__device__ bool launchBatch(AggregatedKernel<OneShape, Params...> Kernel,
                            Records<Params...> *Many, dim3 Block,
                            unsigned SharedMem, cudaStream_t Stream) {
  const RecordsHeader &Header = Many->header();
  // An earlier error of this thread would be taken for this launch's: that
  // only costs launching the records alone.
  (void)cudaGetLastError();
  launchWith(Kernel, {dim3(Header.TotalBlocks), Block, SharedMem, Stream}, Many,
             nullptr, nullptr);
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
/// passed as an argument, which device code cannot. Each member writes its
/// record straight into the batch, so no copy of it is kept in registers
/// while the warp agrees on the batch. Each value converts to its
/// parameter's type here, as in a call.
template <bool OneShape, class... Params>
__device__ void byWarp(void (*Kernel)(BasicBatch<OneShape, Params...>),
                       const LaunchConfig &Config,
                       detail::NotDeduced<Params>... Values) {
  unsigned long long Blocks64;
  if (!detail::joinable(Config.Grid, Config.Block, Blocks64))
    return detail::launchAlone(
        Kernel, detail::recordOf<Params...>(Config, Values...), Config.Stream);
  // At most kMaxRecordBlocks (2^20) each, so 32 of them count in 32 bits.
  const unsigned Blocks = static_cast<unsigned>(Blocks64);

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
    return detail::launchAlone(
        Kernel, detail::recordOf<Params...>(Config, Values...), Config.Stream);

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
    return detail::launchAlone(
        Kernel, detail::recordOf<Params...>(Config, Values...), Config.Stream);

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
  bool Launched = false;
  if (Lane == Leader) {
    Many->header() = {Count, Total, 0, Many->header().Bytes};
    Launched =
        detail::launchBatch(Kernel, Many, Shape, SharedMem, Config.Stream);
  }
  if (__shfl_sync(Group, Launched, Leader))
    return;
  detail::launchAlone(Kernel, Mine, Config.Stream);
  __syncwarp(Group);
  if (Lane == Leader)
    detail::freeRecords(Many);
}

//===----------------------------------------------------------------------===//
// Block granularity.
//===----------------------------------------------------------------------===//

namespace detail {

/// Grid granularity: each parent grid's batches are found through its
/// `%gridid` in a table of the launching kernel. An entry lives from the
/// grid's first block to its last; at most 128 grids are resident on a
/// device at once (compute capability 7.0 and later), so the table never
/// fills.
constexpr unsigned kGridSlots = 256;
struct GridTable {
  unsigned Lock;
  unsigned long long Keys[kGridSlots];
  GridBatches *Batches[kGridSlots];
  unsigned Exited[kGridSlots];
};

template <auto Kernel> __device__ GridTable &gridTable() {
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

/// The grid's slot in `Table`. Found by probing from its first slot up to
/// a free one; otherwise looked for in the whole table and, if it is not
/// there, made by the grid's first block, under the lock (a slot freed on
/// the way may hide it from the probe, never from the whole-table look).
__device__ inline int gridSlot(GridTable &Table, unsigned long long Key) {
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
    const unsigned long long Blocks = 1ull * gridDim.x * gridDim.y * gridDim.z;
    // One reference a block, as many as the largest chunk holds: blocks
    // beyond them launch their own batches.
    constexpr unsigned Fits = static_cast<unsigned>(
        (kHugeChunkBytes - sizeof(GridBatches)) / sizeof(BatchRef));
    const unsigned Capacity =
        static_cast<unsigned>(Blocks < Fits ? Blocks : Fits);
    std::size_t Got;
    auto *Grid = static_cast<GridBatches *>(
        allocateBytes(sizeof(GridBatches) + Capacity * sizeof(BatchRef), Got));
    if (Grid) {
      *Grid = {};
      Grid->Capacity = Capacity;
    }
    Table.Batches[Free] = Grid ? Grid : noGridBatches();
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
  /// Grid granularity: the grid's slot in its kernel's GridTable.
  int GridSlot;
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

template <bool PerGrid, auto Kernel> class LaunchScope;

/// The launches of `Kernel`'s original by the threads of one block,
/// recorded as they are made. When the block's last thread leaves the
/// kernel they are launched as one (block granularity), or joined to the
/// grid's batches, which the grid's last block launches as one (grid
/// granularity). cdp-lower declares one at the top of the launching kernel.
template <bool PerGrid, bool OneShape, class... Params,
          void (*Kernel)(BasicBatch<OneShape, Params...>)>
class LaunchScope<PerGrid, Kernel> {
public:
  /// Every thread of the block, together, at the top of the kernel.
  __device__ LaunchScope() {
    __shared__ BlockLaunches Shared;
    if (isFirstThreadOfBlock()) {
      Shared = {};
      Shared.GridSlot = -1;
    }
    __syncthreads();
    State = &Shared;
    atomicAdd(&State->Entered, 1u);
    if (PerGrid && isFirstThreadOfBlock() &&
        1ull * gridDim.x * gridDim.y * gridDim.z > kSmallGridBlocks)
      State->GridSlot = gridSlot(gridTable<Kernel>(), gridKey());
    __syncthreads();
  }
  LaunchScope(const LaunchScope &) = delete;
  LaunchScope &operator=(const LaunchScope &) = delete;

  /// Each thread as it leaves the kernel; the last one launches.
  __device__ ~LaunchScope() {
    // The other lanes of the warp wait for the last one's launches, so
    // that they do not make their own (the next scope's) at the same time.
    const Converged Lanes;
    // What this thread wrote, its records included, before the launch.
    __threadfence();
    if (atomicAdd(&State->Exited, 1u) + 1 != State->Entered)
      return;
    if (PerGrid && State->GridSlot >= 0)
      leaveGrid();
    else
      flush();
  }

  /// `child<<<Config>>>(Values...)`, recorded for the end of the block.
  /// Each value converts to its parameter's type here, as in a call.
  __device__ void launch(const LaunchConfig &Config, Params... Values) {
    const Converged Lanes;
    Record<Params...> Mine = recordOf<Params...>(Config, Values...);
    unsigned long long Blocks;
    const bool Joins = joinable(Config.Grid, Config.Block, Blocks) &&
                       deferrable(Config.Stream);
    Records<Params...> *Many = records(Config, Lanes.mask(), Joins);
    const bool Recorded = Many && record(Config, Mine, Many, Blocks);
    // The lanes whose launch is made alone make it together.
    __syncwarp(Lanes.mask());
    if (!Recorded)
      launchAlone(Kernel, Mine, Config.Stream);
  }

private:
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
    const unsigned Joining = __ballot_sync(Lanes, Join);
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
    for (unsigned I = 0; I < Count; ++I)
      launchAlone(Kernel, Many->entries()[I], Stream);
    freeRecords(Many);
  }

  /// By the block's last thread: joins its records to the grid's batches
  /// (or launches them itself), then, as the grid's last block, launches
  /// the grid's.
  __device__ void leaveGrid() {
    GridTable &Table = gridTable<Kernel>();
    const int Slot = State->GridSlot;
    GridBatches *Grid =
        reinterpret_cast<GridBatches *volatile &>(Table.Batches[Slot]);
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
      (void)cudaGetLastError();
      launchWith(Kernel,
                 {dim3(Grid.TotalBlocks), Shape, Grid.SharedMem, Grid.Stream},
                 nullptr, &Grid, nullptr);
      if (cudaGetLastError() == cudaSuccess) {
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
};

} // namespace detail

/// The launches of a kernel's original by one block, launched as one when
/// the block ends (--aggregate=block).
template <auto Kernel> using BlockScope = detail::LaunchScope<false, Kernel>;
/// The launches of a kernel's original by one grid, launched as one when
/// its last block ends (--aggregate=grid).
template <auto Kernel> using GridScope = detail::LaunchScope<true, Kernel>;

} // namespace aggregated
} // namespace cdp

#endif // CDP_AGGREGATE_CUH
