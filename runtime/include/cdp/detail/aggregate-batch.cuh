//===- cdp/detail/aggregate-batch.cuh - The aggregated kernel's view ------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What an aggregated kernel receives (BasicBatch: which record each of its
// blocks runs, with that launch's blockIdx, gridDim and blockDim) and the
// launch of a batch. Part of cdp/aggregate.cuh, which includes it; not to
// be included alone.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_DETAIL_AGGREGATE_BATCH_CUH
#define CDP_DETAIL_AGGREGATE_BATCH_CUH

#include "cdp/detail/aggregate-memory.cuh"

namespace cdp {
namespace aggregated {

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

  /// Argument `Index`, as its parameter's type (ArgumentBytes::arg).
  template <std::size_t Index> __device__ decltype(auto) arg() const {
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
/// The device runtime's error where it refused the launch.
template <class BatchType>
__device__ cudaError_t launchWith(void (*Kernel)(BatchType),
                                  const LaunchConfig &Config,
                                  decltype(BatchType::Many) Many,
                                  GridBatches *Grid,
                                  const decltype(BatchType::One) *One) {
  using RecordType = decltype(BatchType::One);
  using Layout = ParamLayout<BatchType>;
  static_assert(cdp::detail::LaunchableKernel<BatchType>::value);
  void *Entry = reinterpret_cast<void *>(Kernel);
  const bool UseV2 = cdp::detail::usesLaunchV2(Config.Stream);
  void *Buffer =
      cdp::detail::obtainBuffer<Layout, cdp::detail::TurnFor::ThisLane>(
          Entry, Config, UseV2);
  if (!Buffer) // The error stays for cudaGetLastError(), as with <<<>>>.
    return cudaPeekAtLastError();
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
  return cdp::detail::launchBuffer<Layout, cdp::detail::TurnFor::ThisLane>(
      Entry, Buffer, Config, UseV2);
}

/// One original launch, alone: a one-record batch by value. The device
/// runtime's error where it refused the launch.
template <bool OneShape, class... Params>
__device__ __noinline__ cudaError_t
launchRecordAlone(AggregatedKernel<OneShape, Params...> Kernel,
                  const Record<Params...> &Launch, cudaStream_t Stream) {
  countLaunch(0);
  return launchWith(Kernel,
                    {Launch.Grid, Launch.Block, Launch.SharedMem, Stream},
                    nullptr, nullptr, &Launch);
}

/// launchRecordAlone and, under run-time checks (a \p Site), a launch the
/// device runtime refuses reported there, as a lowered launch's is: its
/// child grid does not run. A function of its own: with the report's call
/// in it, launchRecordAlone took 56 registers, past a parent's own cap of
/// 48 (test/Lowering/aggregate-register-cap.cu), which no function it
/// calls may pass.
template <bool OneShape, class... Params>
__device__ __noinline__ void
launchAlone(AggregatedKernel<OneShape, Params...> Kernel,
            const Record<Params...> &Launch, cudaStream_t Stream,
            LaunchSiteInfo *Site) {
  const cudaError_t Error = launchRecordAlone(Kernel, Launch, Stream);
  if (Error != cudaSuccess && Site)
    cdp::detail::reportRefusedLaunch(*Site, Error);
}

/// Launches a batch whose header and records are written. False when the
/// device runtime refused it: its records are then still the caller's.
/// Told by the launch call's result, not by cudaGetLastError(): a batch
/// taken for refused while its grid runs would have its records freed
/// under it (warp aggregation hung so, where launches overflowed the
/// device runtime's pending launches).
template <bool OneShape, class... Params>
__device__ bool launchBatch(AggregatedKernel<OneShape, Params...> Kernel,
                            Records<Params...> *Many, dim3 Block,
                            unsigned SharedMem, cudaStream_t Stream) {
  const RecordsHeader &Header = Many->header();
  if (launchWith(Kernel, {dim3(Header.TotalBlocks), Block, SharedMem, Stream},
                 Many, nullptr, nullptr) != cudaSuccess)
    return false;
  countLaunch(Header.Count);
  return true;
}

/// Launches each of `Many`'s records alone, one after another, then frees
/// them: what is left to do where a batch was not launched (the device
/// runtime refused it, or its shapes do not fit one block). One thread
/// makes them all, as one made the batch. Lanes of one warp that each
/// launched their own here, together, hung in cudaGetParameterBufferV2
/// once the runtime's pending launches were full (H200, CUDA 13.0: NPSLab's
/// SSSP aggregated by warp at 300,000 vertices, one lane of three inside
/// the runtime for good, cuda-gdb); one thread's launches never did.
template <bool OneShape, class... Params>
__device__ void launchEachAlone(AggregatedKernel<OneShape, Params...> Kernel,
                                Records<Params...> *Many, cudaStream_t Stream) {
  const unsigned Count = Many->header().Count;
  LaunchSiteInfo *const Site = Many->header().Site;
  for (unsigned I = 0; I < Count; ++I)
    launchAlone(Kernel, Many->entries()[I], Stream, Site);
  freeRecords(Many);
}

} // namespace detail

} // namespace aggregated
} // namespace cdp

#endif // CDP_DETAIL_AGGREGATE_BATCH_CUH
