//===- cdp/detail/serial-later.cuh - Serial runs at the thread's end ------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --optimize, where a kernel decides between launching a child and doing
// the work in the thread (`if (long) { child<<<...>>>(...); return; }` and
// a loop after it): a small grid's serial run waits for the launching
// thread to leave the kernel's body, so that every lane of the warp that
// leaves it together shares the run, not only the few lanes that took the
// branch that launches. The body runs as a lambda, whose returns all come
// back to one place:
//
//   cdp::serial::Later<void(const int *, int), unsigned, unsigned> cdp_later;
//   [&] {
//     ... if (cdp::serial::fewerThreads(grid, block, 4096))
//           cdp_later.hold(grid, block, values, length);
//         else <the launch> ...
//   }();
//   cdp_later.run<child_serial<0>>();
//
// A child grid in cudaStreamFireAndForget (or declared unordered) may run
// at any time until the parent grid ends, so a run at the end of the
// launching thread is one of the schedules the program allowed already.
// One grid is held a thread: cdp-lower puts a run off only where its
// launch is reached at most once (no loop, goto or lambda around it).
// Part of cdp/launch.cuh, which includes it; not to be included alone.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_DETAIL_SERIAL_LATER_CUH
#define CDP_DETAIL_SERIAL_LATER_CUH

namespace cdp {
namespace serial {

/// The values of a held run's arguments, first to last.
template <class... Ts> struct HeldValues {};
template <class T, class... Ts> struct HeldValues<T, Ts...> {
  T First;
  HeldValues<Ts...> Rest;
};

__device__ inline HeldValues<> heldValues() { return {}; }
template <class T, class... Ts>
__device__ HeldValues<T, Ts...> heldValues(const T &First, const Ts &...Rest) {
  return {First, heldValues(Rest...)};
}

/// Calls \p Run with the grid, the block, \p Taken and the values of
/// \p Held.
template <auto Run, class Grid, class Block, class... Taken>
__device__ void runHeld(const HeldValues<> &, Grid G, Block B,
                        const Taken &...Values) {
  Run(G, B, Values...);
}
template <auto Run, class Grid, class Block, class T, class... Ts,
          class... Taken>
__device__ void runHeld(const HeldValues<T, Ts...> &Held, Grid G, Block B,
                        const Taken &...Values) {
  runHeld<Run>(Held.Rest, G, B, Values..., Held.First);
}

/// The serial run of a launch of a child of parameters \p Params, held
/// from the launch to the end of the launching thread. Its grid and block
/// are dim3, or `unsigned` where the launch wrote them as numbers, so that
/// the run knows its grids are one-dimensional (IsLinear).
template <class Signature, class Grid = dim3, class Block = dim3> class Later;
template <class... Params, class Grid, class Block>
class Later<void(Params...), Grid, Block> {
public:
  /// Holds the grid \p G of \p B with the arguments \p Values, converted
  /// as in a call.
  __device__ void hold(Grid G, Block B, Params... Values) {
    HeldGrid = G;
    HeldBlock = B;
    Held.Values = heldValues(cdp::detail::HeldAs<Params>(Values)...);
  }

  /// Runs the grids held by the lanes that reach this together, through
  /// \p Serial (a child's `<child>_serial`); nothing when none holds one.
  /// In a whole warp, the lanes that hold none help; in a split warp they
  /// stay out, since a vote of one group of it is not the group's alone
  /// (SplitWarpTurn).
  template <void (*Serial)(Grid, Block, Params...)>
  __device__ void run() const {
    const bool Holds = threadsOf(dim3(HeldGrid), dim3(HeldBlock)) != 0;
    if (__activemask() == ~0u ? __any_sync(~0u, Holds) : Holds)
      runHeld<Serial>(Held.Values, HeldGrid, HeldBlock);
  }

private:
  /// An empty grid until one is held: the serial runs take no thread of
  /// it, and the values of its lane, never set, are never read.
  Grid HeldGrid = Grid(0u);
  Block HeldBlock = Block(0u);
  union Storage {
    __device__ Storage() : Nothing() {}
    char Nothing;
    HeldValues<cdp::detail::HeldAs<Params>...> Values;
  } Held;
};

} // namespace serial
} // namespace cdp

#endif // CDP_DETAIL_SERIAL_LATER_CUH
