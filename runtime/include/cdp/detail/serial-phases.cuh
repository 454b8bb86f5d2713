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
// gave it). Part of cdp/launch.cuh, which includes it; not to be included
// alone.
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

/// Thread \p Linear's index in a block of shape \p B.
__device__ inline uint3 threadOfBlock(unsigned Linear, dim3 B) {
  if (B.y == 1 && B.z == 1)
    return uint3{Linear, 0, 0};
  return uint3{Linear % B.x, Linear / B.x % B.y, Linear / B.x / B.y};
}

/// Whether the shared memory \p Storage of a child declares
/// `cdp_lane_sums`: what each lane of a serial run adds up alone in the
/// phases that only add to a shared variable (`atomicAdd(&total, x);`),
/// and adds to the block's variable once at the phase's end
/// (`Storage::cdp_add(sums, phase)`), so that the phase's loop has no
/// store to memory and its loads overlap (cdp-lower's LaneSums.h).
template <class Storage, class = void>
inline constexpr bool HasLaneSums = false;
template <class Storage>
inline constexpr bool
    HasLaneSums<Storage, std::void_t<typename Storage::cdp_lane_sums>> = true;

/// The grid of each lane of \p Owners in turn, block by block, phase by
/// phase: the lanes of \p Mask share each phase's threads, and meet
/// (__syncwarp, which also orders their memory) before the next phase.
/// A serial grid has fewer threads than the threshold, an unsigned.
template <auto Phase, unsigned Phases, unsigned long long Same,
          unsigned long long AtXZero, std::size_t... Is, class Storage,
          class... Args>
__device__ void inPhases(std::index_sequence<Is...>, unsigned Owners,
                         unsigned Mask, unsigned Rank, unsigned Lanes,
                         Storage &Shared, dim3 Grid, dim3 Block,
                         const Args &...Arguments) {
  for (; Owners; Owners &= Owners - 1) {
    const int Owner = __ffs(Owners) - 1;
    const dim3 G = fromLane(Grid, Owner, Mask);
    const dim3 B = fromLane(Block, Owner, Mask);
    auto Share = [&](const auto &...Owned) {
      const unsigned Blocks = G.x * G.y * G.z, PerBlock = B.x * B.y * B.z;
      for (unsigned N = 0; N < Blocks; ++N) {
        const uint3 BlockIdx{N % G.x, N / G.x % G.y, N / G.x / G.y};
#pragma unroll
        for (unsigned P = 0; P < Phases; ++P) {
          // A phase at x index 0 only: thread T of those is thread T * B.x.
          const bool AtX0 = P < 64 && ((AtXZero >> P) & 1);
          const unsigned Threads = AtX0 ? B.y * B.z : PerBlock;
          const unsigned Step = AtX0 ? B.x : 1;
          if constexpr (HasLaneSums<Storage>) {
            typename Storage::cdp_lane_sums Sums{};
            for (unsigned T = Rank; T < Threads; T += Lanes)
              Phase(BlockIdx, threadOfBlock(T * Step, B), G, B, P, Shared, Sums,
                    Owned...);
            Shared.cdp_add(Sums, P);
          } else {
            for (unsigned T = Rank; T < Threads; T += Lanes)
              Phase(BlockIdx, threadOfBlock(T * Step, B), G, B, P, Shared,
                    Owned...);
          }
          __syncwarp(Mask);
        }
      }
    };
    Share(argumentOf<Same, Is>(Arguments, Owner, Mask)...);
  }
}

/// Runs the small grids of the lanes that reach this call together, of a
/// child whose body has \p Phases phases, as calls `Phase(blockIdx,
/// threadIdx, gridDim, blockDim, phase, shared, arguments...)`, with the
/// shared memory of each block in a slot of \p Storage; in the phases of
/// \p AtXZero, only for the threads of x index 0.
template <auto Phase, unsigned Phases, class Storage,
          unsigned long long Same = 0, unsigned long long AtXZero = 0,
          class... Args>
__device__ void byWarpInPhases(dim3 Grid, dim3 Block,
                               const Args &...Arguments) {
  const auto [Mask, Lane, Rank, Lanes] = LanesHere();
  const auto Indices = std::index_sequence_for<Args...>();
  if constexpr (Same != 0)
    if (!allSameInLanes<Same>(Indices, Mask, Arguments...))
      return byWarpInPhases<Phase, Phases, Storage, 0, AtXZero>(Grid, Block,
                                                                Arguments...);
  const int Leader = __ffs(Mask) - 1;
  SharedSlots<Storage> &Slots = sharedSlotsOf<Storage>();
  unsigned Slot = 0;
  if (int(Lane) == Leader)
    Slot = takeSlot(Slots.Held);
  Slot = __shfl_sync(Mask, Slot, Leader);
  __syncwarp(Mask);
  inPhases<Phase, Phases, Same, AtXZero>(Indices, Mask, Mask, Rank, Lanes,
                                         Slots.Slots[Slot], Grid, Block,
                                         Arguments...);
  if (int(Lane) == Leader)
    giveBackSlot(Slots.Held, Slot);
}

} // namespace serial
} // namespace cdp

#endif // CDP_DETAIL_SERIAL_PHASES_CUH
