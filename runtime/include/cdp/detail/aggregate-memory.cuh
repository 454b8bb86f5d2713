//===- cdp/detail/aggregate-memory.cuh - Where batches live ---------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The statistics of CDP_AGGREGATE_STATS and the pools of fixed-size
// chunks that batches are allocated from, with the small warp-level helpers
// the granularities share. Part of cdp/aggregate.cuh, which includes it;
// not to be included alone.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_DETAIL_AGGREGATE_MEMORY_CUH
#define CDP_DETAIL_AGGREGATE_MEMORY_CUH

#include "cdp/detail/aggregate-records.cuh"

namespace cdp {
namespace aggregated {

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
  Batch->header().Site = nullptr;
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

} // namespace aggregated
} // namespace cdp

#endif // CDP_DETAIL_AGGREGATE_MEMORY_CUH
