//===- cdp/detail/aggregate-records.cuh - Launches kept for later ---------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A launch of the original kernel as aggregation keeps it (a Record: its
// configuration and its arguments as the parameter buffer's bytes) and a
// batch's array of them (Records). Part of cdp/aggregate.cuh, which
// includes it; not to be included alone.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_DETAIL_AGGREGATE_RECORDS_CUH
#define CDP_DETAIL_AGGREGATE_RECORDS_CUH

#include "cdp/launch.cuh"
#include <cstddef>
#include <cstdint>
#include <new>
#include <utility>

namespace cdp {
namespace aggregated {

namespace detail {

template <std::size_t Index, class T> struct Slot {
  T Value;
};
/// A slot for each parameter, holding its argument as the runtime keeps
/// it (HeldAs): a reference parameter's slot holds the address of the
/// object it binds, as nvcc passes a reference (cdp::detail::PassedAs),
/// so that the child reads and writes that object, not a copy.
template <class Indices, class... Params> struct ValuesOf;
template <std::size_t... Indices, class... Params>
struct ValuesOf<std::index_sequence<Indices...>, Params...>
    : Slot<Indices, cdp::detail::HeldAs<Params>>... {};

/// The value in slot `Index` (found as the one base of that index).
template <std::size_t Index, class T>
__device__ const T &valueIn(const Slot<Index, T> &In) {
  return In.Value;
}

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

  /// Each argument has its parameter's type already (a call converted
  /// it); a reference parameter's binds the caller's object.
  __device__ void store(Params... Arguments) {
    new (Bytes) Values<Params...>{{Arguments}...};
  }
  /// Argument `Index`: a value's copy in the record, or the address of the
  /// object a reference parameter binds, which converts to the reference
  /// where the child's copy declares the parameter.
  template <std::size_t Index> __device__ decltype(auto) arg() const {
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
/// The record of `child<<<Config>>>(Arguments...)`. The arguments are
/// forwarded, not copied: a reference parameter's binds the caller's
/// object.
template <class... Params, class... Args>
__device__ Record<Params...> recordOf(const LaunchConfig &Config,
                                      Args &&...Arguments) {
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
  /// Under run-time checks, the launch site of the records (of one of
  /// them, where launches of the child from several sites share a block's
  /// scope), reported where the device runtime refuses one; else null.
  LaunchSiteInfo *Site;
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

} // namespace aggregated
} // namespace cdp

#endif // CDP_DETAIL_AGGREGATE_RECORDS_CUH
