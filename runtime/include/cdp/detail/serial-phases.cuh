//===- cdp/detail/serial-phases.cuh - Serial runs of children with barriers
//===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --threshold for a child whose body is split by `__syncthreads();`
// statements into phases: the launching warp runs each block of a small
// grid phase by phase, every thread of the block through one phase before
// any thread starts the next, which is what the barriers promise. The
// block's shared memory is a slot of global memory that the warp holds for
// the run (the launching block's own shared memory has the size its launch
// gave it), or, for a whole warp and a child of at most 32 bytes of it, a
// slot of the launching block's shared memory that cdp adds (a warp's).
// Part of cdp/launch.cuh, which includes it; not to be included alone.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_DETAIL_SERIAL_PHASES_CUH
#define CDP_DETAIL_SERIAL_PHASES_CUH

namespace cdp {
namespace serial {

/// How many warps may hold a slot of one child's shared memory at once:
/// more than an H100 or B200 keeps resident (132 or 148 SMs of 64 warps).
/// A warp that finds every slot held waits for one; the warps holding them
/// are running and give them back.
inline constexpr unsigned SharedSlotCount = 8192;

/// A child's shared memory of at most this many bytes is held, for a
/// whole warp's serial run, in the launching block's shared memory: a
/// slot a warp, at most 1 KB a block beside the kernel's own.
inline constexpr unsigned MaxBlockSlotBytes = 32;
inline constexpr unsigned MaxWarpsPerBlock = 32;

/// The slots of one child's shared memory (\p Storage, a struct of its
/// `__shared__` variables that cdp-lower writes), and which are held.
template <class Storage> struct SharedSlots {
  unsigned Held[SharedSlotCount / 32];
  Storage Slots[SharedSlotCount];
};

/// The slots of \p Storage: a variable of the device's global memory
/// (static in device code), zero at the module's load.
template <class Storage> __device__ SharedSlots<Storage> &sharedSlotsOf() {
  static SharedSlots<Storage> Slots;
  return Slots;
}

/// Where to look for a free slot first: the warp's place on the device
/// (SM and warp slot), which no other resident warp has, so that a slot
/// is found at the first try while fewer warps hold one than there are.
__device__ inline unsigned firstSlotTried() {
  unsigned Sm, Warp, WarpsPerSm;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(Sm));
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(Warp));
  asm("mov.u32 %0, %%nwarpid;" : "=r"(WarpsPerSm));
  return (Sm * WarpsPerSm + Warp) % SharedSlotCount;
}

/// Takes a free slot of \p Held (a bit per slot) and returns its index.
/// The fence after the atomic makes this an acquire: what the last holder
/// wrote is seen, not a stale copy in this SM's cache.
__device__ inline unsigned takeSlot(unsigned *Held) {
  constexpr unsigned Words = SharedSlotCount / 32;
  unsigned Slot = firstSlotTried();
  for (;;) {
    const unsigned Word = Slot / 32, Bit = 1u << (Slot % 32);
    const unsigned Was = atomicOr(&Held[Word], Bit);
    if (!(Was & Bit))
      break;
    // Another free bit of the same word, as it was just now; else the
    // next word.
    const unsigned Free = ~(Was | Bit);
    Slot = Free ? Word * 32 + __ffs(Free) - 1 : (Word + 1) % Words * 32;
  }
  __threadfence();
  return Slot;
}

/// Gives back slot \p Slot of \p Held, after what this warp wrote to it.
__device__ inline void giveBackSlot(unsigned *Held, unsigned Slot) {
  __threadfence();
  atomicAnd(&Held[Slot / 32], ~(1u << (Slot % 32)));
}

/// The phases of a child in which only threads of x index 0 do anything
/// (bit I: phase I; the tool marks those whose every statement is `if
/// (threadIdx.x == 0 ...)`): a serial run steps over only those threads.
template <unsigned... Phases>
inline constexpr unsigned long long phasesAtXZero =
    ((1ull << Phases) | ... | 0ull);

/// Thread \p Linear's index in a block of shape \p B, one-dimensional
/// where the compiler knows it is (\p OneDimensional).
template <bool OneDimensional>
__device__ uint3 threadOfBlock(unsigned Linear, dim3 B) {
  if (OneDimensional || (B.y == 1 && B.z == 1))
    return uint3{Linear, 0, 0};
  return uint3{Linear % B.x, Linear / B.x % B.y, Linear / B.x / B.y};
}

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
/// The sum of \p Value over the warp's 32 lanes, wrapping, in each lane.
__device__ inline unsigned sumOverWarp(unsigned Value) {
  return __reduce_add_sync(~0u, Value);
}

/// The same for 64 bits: in pieces of 21, 21 and 22 bits, whose sums over
/// 32 lanes fit in 32 bits, so that no carry is lost (the top piece's
/// carries past bit 63 wrap, as the sum does).
__device__ inline unsigned long long sumOverWarp(unsigned long long Value) {
  constexpr unsigned long long Low = (1ull << 21) - 1;
  const unsigned long long Pieces[3] = {
      sumOverWarp(unsigned(Value & Low)),
      sumOverWarp(unsigned(Value >> 21 & Low)),
      sumOverWarp(unsigned(Value >> 42))};
  return Pieces[0] + (Pieces[1] << 21) + (Pieces[2] << 42);
}
#endif

/// Adds the sums \p Value of the lanes of \p Mask to \p Target (a shared
/// variable's slot). A whole warp adds them up first and makes one atomic
/// addition from lane 0, where one a lane would wait on each other at the
/// one address. Fewer lanes add each their own: two groups of a warp's
/// lanes, each with its mask, may run one reduction together, which then
/// adds up both (seen in the program fuzzer's seeds 3010, 3030 and 3035 on
/// an H200), where shuffles and atomics name their lanes. Integer sums
/// wrap, so the total is what the child's own atomics give (an int's is
/// summed unsigned).
template <class T, class Sum>
__device__ void addOnce(T &Target, Sum Value, unsigned Mask) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if (Mask == ~0u) {
    const Sum Total = sumOverWarp(Value);
    if (laneId() == 0)
      atomicAdd(&Target, T(Total));
    return;
  }
#endif
  atomicAdd(&Target, T(Value));
}

/// Whether the shared memory \p Storage of a child declares
/// `cdp_lane_sums`: what each lane of a serial run adds up alone in the
/// phases that only add to a shared variable (`atomicAdd(&total, x);`),
/// and the lanes add to the block's variable once at the phase's end
/// (`Storage::cdp_add(sums, phase, lanes)`), so that the phase's loop has
/// no store to memory and its loads overlap (cdp-lower's LaneSums.h).
template <class Storage, class = void>
inline constexpr bool HasLaneSums = false;
template <class Storage>
inline constexpr bool
    HasLaneSums<Storage, std::void_t<typename Storage::cdp_lane_sums>> = true;

/// One grid of \p G blocks of \p B threads, block by block, phase by
/// phase: \p Lanes lanes (\p Mask) share each phase's threads, this one
/// from \p Rank, and `Meet()` before the next phase.
template <auto Phase, unsigned Phases, unsigned long long AtXZero, bool Linear,
          class Storage, class MeetFn, class... Owned>
__device__ void gridInPhases(unsigned Rank, unsigned Lanes, unsigned Mask,
                             Storage &Shared, dim3 G, dim3 B, MeetFn Meet,
                             const Owned &...Values) {
  const unsigned Blocks = G.x * G.y * G.z, PerBlock = B.x * B.y * B.z;
  for (unsigned N = 0; N < Blocks; ++N) {
    const uint3 BlockIdx =
        Linear ? uint3{N, 0, 0} : uint3{N % G.x, N / G.x % G.y, N / G.x / G.y};
#pragma unroll
    for (unsigned P = 0; P < Phases; ++P) {
      // A phase at x index 0 only: thread T of those is thread T * B.x.
      const bool AtX0 = P < 64 && ((AtXZero >> P) & 1);
      const unsigned Threads = AtX0 ? B.y * B.z : PerBlock;
      const unsigned Step = AtX0 ? B.x : 1;
      if constexpr (HasLaneSums<Storage>) {
        typename Storage::cdp_lane_sums Sums{};
#pragma unroll 1
        for (unsigned T = Rank; T < Threads; T += Lanes)
          Phase(BlockIdx, threadOfBlock<Linear>(T * Step, B), G, B, P, Shared,
                Sums, Values...);
        Shared.cdp_add(Sums, P, Mask);
      } else {
#pragma unroll 1
        for (unsigned T = Rank; T < Threads; T += Lanes)
          Phase(BlockIdx, threadOfBlock<Linear>(T * Step, B), G, B, P, Shared,
                Values...);
      }
      Meet();
    }
  }
}

/// The grid of each lane of \p Owners in turn: the lanes of \p Mask
/// share each phase's threads, and meet (__syncwarp, which also orders
/// their memory) before the next phase.
template <auto Phase, unsigned Phases, unsigned long long Same,
          unsigned long long AtXZero, bool Linear, std::size_t... Is,
          class Storage, class... Args>
__device__ void inPhases(std::index_sequence<Is...>, unsigned Owners,
                         unsigned Mask, unsigned Rank, unsigned Lanes,
                         Storage &Shared, dim3 Grid, dim3 Block,
                         const Args &...Arguments) {
  for (; Owners; Owners &= Owners - 1) {
    const int Owner = __ffs(Owners) - 1;
    auto Share = [&](const auto &...Owned) {
      gridInPhases<Phase, Phases, AtXZero, Linear>(
          Rank, Lanes, Mask, Shared, shapeFromLane<Linear>(Grid, Owner, Mask),
          shapeFromLane<Linear>(Block, Owner, Mask),
          [Mask] { __syncwarp(Mask); }, Owned...);
    };
    Share(argumentOf<Same, Is>(Arguments, Owner, Mask)...);
  }
}

/// byWarpInPhases for this lane's grid alone, with no warp collective
/// (SplitWarpTurn).
template <auto Phase, unsigned Phases, class Storage,
          unsigned long long AtXZero, bool Linear, class... Args>
__device__ void phasesAlone(dim3 Grid, dim3 Block, const Args &...Arguments) {
  if (threadsOf(Grid, Block) == 0)
    return;
  SharedSlots<Storage> &Slots = sharedSlotsOf<Storage>();
  const unsigned Slot = takeSlot(Slots.Held);
  gridInPhases<Phase, Phases, AtXZero, Linear>(
      0, 1, 1u << laneId(), Slots.Slots[Slot], Grid, Block, [] {},
      Arguments...);
  giveBackSlot(Slots.Held, Slot);
}

/// byWarpInPhases for the lanes \p Here, which run together (SplitWarpTurn).
template <auto Phase, unsigned Phases, class Storage, unsigned long long Same,
          unsigned long long AtXZero, bool Linear, class... Args>
__device__ void phasesInLanes(const LanesHere &Here, dim3 Grid, dim3 Block,
                              const Args &...Arguments) {
  const auto [Mask, Lane, Rank, Lanes] = Here;
  const auto Indices = std::index_sequence_for<Args...>();
  if constexpr (Same != 0)
    if (!allSameInLanes<Same>(Indices, Mask, Arguments...))
      return phasesAlone<Phase, Phases, Storage, AtXZero, Linear>(Grid, Block,
                                                                  Arguments...);
  // Lanes with an empty grid (a run held for the thread's end, and none
  // held: serial-later.cuh) own no turn and take no slot.
  const unsigned Owners = detail::ballotIn(Mask, threadsOf(Grid, Block) != 0);
  if (!Owners)
    return;
  // A whole warp (a run held for the thread's end, mostly) keeps a small
  // child's shared memory in a slot of its own block's: no other group of
  // its lanes can be in a run beside it, and the phases' stores, loads and
  // atomics stay on the SM.
  if constexpr (sizeof(Storage) <= MaxBlockSlotBytes)
    if (Mask == ~0u) {
      __shared__ Storage BlockSlots[MaxWarpsPerBlock];
      const unsigned Thread =
          (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
      inPhases<Phase, Phases, Same, AtXZero, Linear>(
          Indices, Owners, Mask, Rank, Lanes, BlockSlots[Thread / 32], Grid,
          Block, Arguments...);
      // The next run of this warp must not write the slot before all
      // lanes are done with it.
      __syncwarp();
      return;
    }
  const int Leader = __ffs(Mask) - 1;
  SharedSlots<Storage> &Slots = sharedSlotsOf<Storage>();
  unsigned Slot = 0;
  if (int(Lane) == Leader)
    Slot = takeSlot(Slots.Held);
  Slot = __shfl_sync(Mask, Slot, Leader);
  __syncwarp(Mask);
  inPhases<Phase, Phases, Same, AtXZero, Linear>(Indices, Owners, Mask, Rank,
                                                 Lanes, Slots.Slots[Slot], Grid,
                                                 Block, Arguments...);
  if (int(Lane) == Leader)
    giveBackSlot(Slots.Held, Slot);
}

/// Runs the small grids of the lanes that reach this call together, of a
/// child whose body has \p Phases phases, as calls `Phase(blockIdx,
/// threadIdx, gridDim, blockDim, phase, shared, arguments...)`, with the
/// shared memory of each block in a slot of \p Storage; in the phases of
/// \p AtXZero, only for the threads of x index 0. The grid and block are
/// dim3 or, as the launch wrote them, numbers (IsLinear).
template <auto Phase, unsigned Phases, class Storage,
          unsigned long long Same = 0, unsigned long long AtXZero = 0,
          class GridShape, class BlockShape, class... Args>
__device__ void byWarpInPhases(GridShape GridAsWritten,
                               BlockShape BlockAsWritten,
                               const Args &...Arguments) {
  constexpr bool Linear = IsLinear<GridShape, BlockShape>;
  const LanesHere Here = lanesOutOfRuntime();
  const SplitWarpTurn Turn(Here.Mask);
  if (Turn.together())
    phasesInLanes<Phase, Phases, Storage, Same, AtXZero, Linear>(
        Here, dim3(GridAsWritten), dim3(BlockAsWritten), Arguments...);
  else
    phasesAlone<Phase, Phases, Storage, AtXZero, Linear>(
        dim3(GridAsWritten), dim3(BlockAsWritten), Arguments...);
}

} // namespace serial
} // namespace cdp

#endif // CDP_DETAIL_SERIAL_PHASES_CUH
