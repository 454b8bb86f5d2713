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
//   cdp::serial::Later<void(const int *, int)> cdp_later;
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
template <auto Run, class... Taken>
__device__ void runHeld(const HeldValues<> &, dim3 Grid, dim3 Block,
                        const Taken &...Values) {
  Run(Grid, Block, Values...);
}
template <auto Run, class T, class... Ts, class... Taken>
__device__ void runHeld(const HeldValues<T, Ts...> &Held, dim3 Grid, dim3 Block,
                        const Taken &...Values) {
  runHeld<Run>(Held.Rest, Grid, Block, Values..., Held.First);
}

/// The serial run of a launch of a child of parameters \p Params, held
/// from the launch to the end of the launching thread.
template <class Signature> class Later;
template <class... Params> class Later<void(Params...)> {
public:
  /// Holds the grid \p Grid of \p Block with the arguments \p Values,
  /// converted as in a call.
  __device__ void hold(dim3 Grid, dim3 Block, Params... Values) {
    HeldGrid = Grid;
    HeldBlock = Block;
    Held.Values = heldValues(Values...);
  }

  /// Runs the grids held by the lanes that reach this together, through
  /// \p Serial (a child's `<child>_serial`); nothing when none holds one.
  template <void (*Serial)(dim3, dim3, Params...)> __device__ void run() const {
    if (__any_sync(__activemask(), threadsOf(HeldGrid, HeldBlock) != 0))
      runHeld<Serial>(Held.Values, HeldGrid, HeldBlock);
  }

private:
  /// An empty grid until one is held: the serial runs take no thread of
  /// it, and the values of its lane, never set, are never read.
  dim3 HeldGrid{0, 0, 0}, HeldBlock{0, 0, 0};
  union Storage {
    __device__ Storage() : Nothing() {}
    char Nothing;
    HeldValues<Params...> Values;
  } Held;
};

} // namespace serial
} // namespace cdp

#endif // CDP_DETAIL_SERIAL_LATER_CUH
