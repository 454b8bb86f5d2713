//===- cdp/launch.cuh - Device runtime for code lowered by cdp-lower ------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Header-only. Code produced by cdp-lower includes this header and needs one
// `-I` for it. Every device-side `k<<<grid, block, shmem, stream>>>(args)` is
// lowered to one expression of this shape:
//
//   cdp::DeviceLaunch<void(int *, char)>(k, {grid, block, shmem, stream})
//       .arg<0>(a).arg<8>(b).launch()
//
// The constructor evaluates the configuration and obtains the parameter
// buffer; each `.arg<Offset>(value)` converts one argument to the kernel's
// parameter type (exactly as a call converts it) and stores it at its offset;
// `.launch()` launches. The configuration and each argument are evaluated
// once; C++17 sequences the chain left to right, so in source order (C++11
// and C++14 leave the order open, as they leave a call's arguments').
// When the parameter types depend on a template parameter, cdp-lower omits
// the offsets (`.arg(a)`) and they are computed here, by the same rule.
//
//===----------------------------------------------------------------------===//
// C++11 is enough for lowered launches, as nvcc 13 still builds C++11 code
// (aggregation, --threshold and --coarsen need C++17). C++03 gets this
// one error and nothing of the header, which would add a page of its own.
#if defined(__cplusplus) && __cplusplus < 201103L
// clang-format off
#error "cdp/launch.cuh (code lowered by cdp-lower) needs C++11 or later: compile with -std=c++17, nvcc 13's default"
// clang-format on
#elif !defined(CDP_LAUNCH_CUH)
#define CDP_LAUNCH_CUH

#include <cuda_runtime.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <utility>

/// The bounds cdp-lower gives a kernel that runs the runtime's code (a
/// serial run, an aggregated launch: lib/Aggregation/LaunchBounds.h), so
/// that it still launches with 1,024-thread blocks. None in a device-debug
/// build (nvcc -G): there every function is called out of line and compiled
/// for as many registers as it wants, and nvlink refuses a bounded kernel
/// that calls one wanting more than 64 ("entry function ... with max
/// regcount of 64 calls function ... with regcount of 99", ProteinSimGPU's
/// Makefile build under --optimize).
#ifdef __CUDACC_DEBUG__
#define CDP_RUNTIME_LAUNCH_BOUNDS
#else
#define CDP_RUNTIME_LAUNCH_BOUNDS __launch_bounds__(1024)
#endif

/// The functions of a lowered launch's path, inline at every launch site in
/// every build, as nvcc's own launch sequence is:
/// - The runtime turn needs it (RuntimeTurn): the stamp of the lanes that
///   reach a call together tells them from the warp's other groups only
///   where each site has its own copy of the call. A function that every
///   site of a kernel shares (a coarsened or checked launch of one child),
///   left out of line, lets lanes of two sites reconverge in it, as they did
///   in the aggregation's launchAlone (TurnFor::ThisLane). Release builds
///   inlined these functions before they were forced to, by nvcc's choice.
/// - A device-debug build (nvcc -G) calls every function out of line except
///   those marked __forceinline__. Out of line, each is compiled for as many
///   registers as it wants (53 for DeviceLaunch's constructor), and nvlink
///   refuses a kernel with a tighter cap of its own that calls one.
#define CDP_LAUNCH_PATH __forceinline__

namespace cdp {

//===----------------------------------------------------------------------===//
// The parameter-buffer layout rule. lib/ParamLayout implements the same rule
// for cdp-lower; every lowered launch static_asserts that the two agree.
//
// It is the layout ptxas records for the child kernel in the cubin
// (EIATTR_KPARAM_INFO): parameters are placed in order, each at the next
// position that is a multiple of its type's alignment. Up to sm_90 positions
// are addresses in constant bank 0, where the parameters start at 0x160
// (sm_75-89) or 0x210 (sm_90); from sm_100 on they count from the start of
// the parameters (which sit at 0x380). Every origin is a multiple of 16, so
// up to 16 this is the plain "next multiple of the alignment" rule; an
// __align__(32) parameter at the start of the buffer lands at offset 16 on
// sm_90, an __align__(256) one at 160 on sm_80 and at 0 on sm_100. The
// guide's "multiple of the parameter size" is exact only for scalars.
//===----------------------------------------------------------------------===//

/// What a parameter's offset is counted from when it is aligned (device
/// passes only; the host pass never packs a buffer).
#if !defined(__CUDA_ARCH__) || (__CUDA_ARCH__ >= 900 && __CUDA_ARCH__ < 1000)
constexpr std::size_t kParamAlignmentBase = 0x210;
#elif __CUDA_ARCH__ >= 1000
constexpr std::size_t kParamAlignmentBase = 0;
#else
constexpr std::size_t kParamAlignmentBase = 0x160;
#endif
/// The largest parameter buffer the device runtime accepts.
constexpr std::size_t kParamBufferLimit = 4096;
/// Every parameter buffer is at least this aligned (64 in practice).
constexpr std::size_t kParamBufferAlign = 16;

__host__ __device__ constexpr std::size_t alignTo(std::size_t Offset,
                                                  std::size_t Align) {
  return (Offset + Align - 1) / Align * Align;
}

/// What a parameter of type `T` holds in the buffer: its value, or, for a
/// reference parameter, the address of the object it binds (as nvcc passes
/// references: a kernel taking `const Graph &` reads a `const Graph *`).
template <class T> struct PassedAs {
  using type = T;
};
template <class T> struct PassedAs<T &> {
  using type = T *;
};

/// Offsets, buffer size and alignment of a kernel's parameters.
template <class... Params> struct ParamLayout {
  static constexpr std::size_t count = sizeof...(Params);

#if __cplusplus >= 201402L
private:
  /// Every offset, computed once per kernel type (a launch asks for each of
  /// its parameters; recomputing made 1,000 parameters cost 500,000 steps).
  struct Table {
    std::size_t Offsets[count + 1]; ///< [count] is the buffer size.
  };
  static constexpr Table table() {
    // A trailing (size 0, align 1) entry makes the last offset the end.
    const std::size_t Sizes[] = {sizeof(typename PassedAs<Params>::type)..., 0};
    const std::size_t Aligns[] = {alignof(typename PassedAs<Params>::type)...,
                                  1};
    Table Result{};
    std::size_t End = 0;
    for (std::size_t I = 0; I <= count; ++I) {
      Result.Offsets[I] =
          alignTo(kParamAlignmentBase + End, Aligns[I]) - kParamAlignmentBase;
      End = Result.Offsets[I] + Sizes[I];
    }
    return Result;
  }
  static constexpr Table Computed = table();

public:
  /// Offset of parameter `Index`; `offset(count)` is the buffer size.
  __host__ __device__ static constexpr std::size_t offset(std::size_t Index) {
    return Computed.Offsets[Index];
  }

private:
  static constexpr std::size_t largestAlignment() {
    const std::size_t Aligns[] = {alignof(typename PassedAs<Params>::type)...,
                                  1};
    std::size_t Max = 1;
    for (std::size_t A : Aligns)
      Max = A > Max ? A : Max;
    return Max;
  }
#else
  // A C++11 constexpr function is one return statement: no table and no
  // loop. The same rule is applied by recursion over halves of the
  // parameter list, whose depth (log2 of the count) stays far below the
  // compiler's limit. A trailing (size 0, align 1) entry makes the last
  // offset the end.
private:
  static constexpr std::size_t Sizes[] = {
      sizeof(typename PassedAs<Params>::type)..., 0};
  static constexpr std::size_t Aligns[] = {
      alignof(typename PassedAs<Params>::type)..., 1};

  /// Where the parameters [First, Last) end when the first starts after
  /// \p End bytes.
  __host__ __device__ static constexpr std::size_t
  endAfter(std::size_t First, std::size_t Last, std::size_t End) {
    return Last == First ? End
           : Last - First == 1
               ? alignTo(kParamAlignmentBase + End, Aligns[First]) -
                     kParamAlignmentBase + Sizes[First]
               : endAfter((First + Last) / 2, Last,
                          endAfter(First, (First + Last) / 2, End));
  }

public:
  /// Offset of parameter `Index`; `offset(count)` is the buffer size.
  __host__ __device__ static constexpr std::size_t offset(std::size_t Index) {
    return alignTo(kParamAlignmentBase + endAfter(0, Index, 0), Aligns[Index]) -
           kParamAlignmentBase;
  }

private:
  static constexpr std::size_t larger(std::size_t A, std::size_t B) {
    return A > B ? A : B;
  }
  /// The largest alignment of the parameters [First, Last), Last > First.
  static constexpr std::size_t largestIn(std::size_t First, std::size_t Last) {
    return Last - First == 1 ? Aligns[First]
                             : larger(largestIn(First, (First + Last) / 2),
                                      largestIn((First + Last) / 2, Last));
  }
  static constexpr std::size_t largestAlignment() {
    return largestIn(0, count + 1);
  }
#endif

public:
  static constexpr std::size_t size = offset(count);

  /// The alignment argument of cudaGetParameterBuffer: the largest one.
  static constexpr std::size_t alignment = largestAlignment();
};

#if __cplusplus >= 201402L && __cplusplus < 201703L
// C++14 has no inline variables: offset() reads the table from here.
template <class... Params>
constexpr
    typename ParamLayout<Params...>::Table ParamLayout<Params...>::Computed;
#elif __cplusplus < 201402L
template <class... Params>
constexpr std::size_t ParamLayout<Params...>::Sizes[];
template <class... Params>
constexpr std::size_t ParamLayout<Params...>::Aligns[];
#endif

namespace detail {

/// Past the last parameter: a type no argument converts to.
struct NoSuchParameter {
  NoSuchParameter() = delete;
};

/// How `Value`, the argument of a parameter of type `Param`, reaches the
/// child (PassedAs): its bytes, or a reference's address.
template <class Param> struct ParamStore {
  /// What the child reads.
  CDP_LAUNCH_PATH __device__ static const Param &passed(const Param &Value) {
    return Value;
  }
  /// Stores it at `Slot`.
  CDP_LAUNCH_PATH __device__ static void store(void *Slot, const Param &Value) {
    std::memcpy(Slot, &Value, sizeof(Param));
  }
};
template <class T> struct ParamStore<T &> {
  CDP_LAUNCH_PATH __device__ static T *passed(T &Value) {
    return __builtin_addressof(Value);
  }
  CDP_LAUNCH_PATH __device__ static void store(void *Slot, T &Value) {
    T *Address = passed(Value);
    std::memcpy(Slot, &Address, sizeof Address);
  }
};

#if __cplusplus >= 201402L
template <std::size_t... Indices>
using IndexSequence = std::index_sequence<Indices...>;
template <class... Types> using IndicesFor = std::index_sequence_for<Types...>;
#else
/// C++11 has no std::index_sequence.
template <std::size_t... Indices> struct IndexSequence {};
template <class Front, class Back> struct JoinedIndices;
template <std::size_t... Front, std::size_t... Back>
struct JoinedIndices<IndexSequence<Front...>, IndexSequence<Back...>> {
  using type = IndexSequence<Front..., (sizeof...(Front) + Back)...>;
};
/// 0 to Count - 1, made of two halves: log2(Count) deep, where counting
/// one at a time would exhaust the instantiation depth.
template <std::size_t Count> struct MakeIndices {
  using type = typename JoinedIndices<
      typename MakeIndices<Count / 2>::type,
      typename MakeIndices<Count - Count / 2>::type>::type;
};
template <> struct MakeIndices<0> {
  using type = IndexSequence<>;
};
template <> struct MakeIndices<1> {
  using type = IndexSequence<0>;
};
template <class... Types>
using IndicesFor = typename MakeIndices<sizeof...(Types)>::type;
#endif

template <std::size_t Index, class T> struct IndexedType {
  using type = T;
};
template <class Indices, class... Types> struct IndexedTypes;
template <std::size_t... Indices, class... Types>
struct IndexedTypes<IndexSequence<Indices...>, Types...>
    : IndexedType<Indices, Types>... {};
template <std::size_t Index, class T>
IndexedType<Index, T> selectIndexed(const IndexedType<Index, T> &);

/// The type at `Index` of `Types`, or NoSuchParameter one past the end.
/// Overload resolution picks it in one step: a recursive definition
/// exhausts the compiler's instantiation depth at about 200 parameters,
/// and 1,000 `int`s fit in the 4 KB buffer.
template <std::size_t Index, class... Types>
using TypeAt = decltype(selectIndexed<Index>(
    IndexedTypes<IndicesFor<Types..., NoSuchParameter>, Types...,
                 NoSuchParameter>{}));

/// The V1 pair (cudaGetParameterBuffer + cudaLaunchDevice) rejects the
/// reserved stream handles with cudaErrorInvalidValue and the child never
/// runs (measured; see docs/runtime.md). Only the V2 pair runs them. The
/// reserved handles are the small constants cudaStreamLegacy,
/// cudaStreamPerThread, cudaStreamTailLaunch and cudaStreamFireAndForget, and
/// the device-graph streams, which set the top byte (cudaStreamGraph*); a
/// handle from cudaStreamCreateWithFlags is an ordinary pointer.
///
/// The null stream goes through V2 as well: one thread issuing a long run of
/// V1 launches into it reaches only 0.72x the rate of nvcc's V2 launches,
/// while V2 is on par (docs/benchmarks.md); V1 stays for created streams,
/// where it is the faster. CDP_LAUNCH_NULL_STREAM_V1 restores V1 for the null
/// stream, to measure the difference.
CDP_LAUNCH_PATH __device__ bool usesLaunchV2(cudaStream_t Stream) {
  auto Handle = [](cudaStream_t S) {
    return reinterpret_cast<std::uintptr_t>(S);
  };
  // The largest of the small reserved handles, whatever their order.
  auto Max = [](std::uintptr_t A, std::uintptr_t B) { return A > B ? A : B; };
  const std::uintptr_t LastReserved =
      Max(Max(Handle(cudaStreamLegacy), Handle(cudaStreamPerThread)),
          Max(Handle(cudaStreamTailLaunch), Handle(cudaStreamFireAndForget)));
  const std::uintptr_t GraphStreamBits =
      Handle(cudaStreamGraphTailLaunch) | Handle(cudaStreamGraphFireAndForget) |
      Handle(cudaStreamGraphFireAndForgetAsSibling);
#ifdef CDP_LAUNCH_NULL_STREAM_V1
  if (Stream == nullptr)
    return false;
#endif
  return Handle(Stream) <= LastReserved ||
         (Handle(Stream) & GraphStreamBits) != 0;
}

} // namespace detail

/// `shmem` of `<<<>>>` converts to size_t as in the original launch (no
/// narrowing error for an `int` variable inside the braced configuration).
struct SharedMemBytes {
  __host__ __device__ SharedMemBytes(std::size_t Bytes = 0) : Bytes(Bytes) {}
  std::size_t Bytes;
};

/// The four operands of `<<<grid, block, shmem, stream>>>`, in that order.
/// An aggregate in every standard (C++11's may not have default member
/// initializers): what `{grid, block}` leaves out is 0.
struct LaunchConfig {
  dim3 Grid;
  dim3 Block;
  SharedMemBytes SharedMem;
  cudaStream_t Stream;
};

//===----------------------------------------------------------------------===//
// Run-time checks (cdp-lower --runtime-checks). Where the memory space of a
// pointer argument cannot be known at compile time, the lowered launch asks
// the hardware: a pointer a child may use points to global (or constant)
// memory. Any other pointer skips the launch and is reported once per site.
// A launch that the device runtime refuses (past the pending-launch limit,
// a block too large) is reported once per site too: nvcc's build loses it
// without a word unless the program reads cudaGetLastError().
//===----------------------------------------------------------------------===//

/// One launch site under run-time checks; one static instance per site.
struct LaunchSiteInfo {
  const char *File;
  unsigned Line;
  const char *Kernel;
  unsigned Reported; ///< The kinds of report made at this site (bits).
};

/// The LaunchSiteInfo of one launch site: a function-local static, so each
/// site has its own "reported" flag without a declaration elsewhere.
#define CDP_LAUNCH_SITE(File, Line, Kernel)                                    \
  ([]() -> ::cdp::LaunchSiteInfo * {                                           \
    static ::cdp::LaunchSiteInfo Site = {File, Line, Kernel, 0};               \
    return &Site;                                                              \
  }())

namespace detail {

template <class T>
struct IsDataPointer
    : std::integral_constant<
          bool,
          std::is_pointer<T>::value &&
              !std::is_function<typename std::remove_pointer<T>::type>::value> {
};

/// The memory a pointer that a child must not get points to, or null when
/// the child may use it.
__device__ inline const char *forbiddenSpaceOf(const void *Pointer) {
  if (!Pointer || __isGlobal(Pointer) || __isConstant(Pointer))
    return nullptr;
  if (__isShared(Pointer))
    return "__shared__";
  if (__isLocal(Pointer))
    return "local";
  return "non-global";
}

/// The kinds of report, each made once per launch site.
enum : unsigned { kReportedPointer = 1u, kReportedRefusal = 2u };

/// Whether this is the first report of kind \p Kind at \p Site.
__device__ inline bool firstReport(LaunchSiteInfo &Site, unsigned Kind) {
  return (atomicOr(&Site.Reported, Kind) & Kind) == 0;
}

__device__ inline void reportForbiddenPointer(LaunchSiteInfo &Site,
                                              unsigned ArgIndex,
                                              const char *Space) {
  if (firstReport(Site, kReportedPointer))
    printf("%s:%u: cdp runtime check: argument %u of the launch of '%s' "
           "points to %s memory; the launch is skipped\n",
           Site.File, Site.Line, ArgIndex, Site.Kernel, Space);
}

/// rejectsPointers for one argument, the \p Index th (from 1), of a data
/// pointer type.
template <class Param>
__device__ bool rejectsPointer(LaunchSiteInfo &Site, unsigned Index,
                               const Param &Value, std::true_type) {
  const char *Space = forbiddenSpaceOf((const void *)Value);
  if (Space)
    reportForbiddenPointer(Site, Index, Space);
  return Space != nullptr;
}
template <class Param>
__device__ bool rejectsPointer(LaunchSiteInfo &, unsigned, const Param &,
                               std::false_type) {
  return false;
}

/// Whether a pointer among the arguments `Values` of a launch points to
/// memory its child may not use, each such reported once at \p Site: the
/// test of an aggregated or coarsened launch under run-time checks, made
/// before the runtime records or reshapes it (a lowered launch tests its
/// arguments as it stages them, CheckedLaunchState).
template <class... Params>
__device__ bool rejectsPointers(LaunchSiteInfo &Site, const Params &...Values) {
  unsigned Index = 0;
  // A braced list is evaluated in order: the arguments are reported so.
  // A reference parameter's address is tested as a pointer.
  const bool Rejected[] = {
      false,
      rejectsPointer(Site, ++Index, ParamStore<Params>::passed(Values),
                     IsDataPointer<typename PassedAs<Params>::type>())...};
  bool Any = false;
  for (bool One : Rejected)
    Any = Any || One;
  return Any;
}

/// Reports a launch that the device runtime refused with \p Error. Out of
/// line: it runs only then, and the launch path's registers stay its own.
__device__ __noinline__ inline void reportRefusedLaunch(LaunchSiteInfo &Site,
                                                        cudaError_t Error) {
  if (!firstReport(Site, kReportedRefusal))
    return;
  const char *Why =
      Error == cudaErrorLaunchPendingCountExceeded
          ? "; more launches were pending than "
            "cudaLimitDevRuntimePendingLaunchCount allows (cudaDeviceSetLimit "
            "on the host raises it)"
          : "";
  printf("%s:%u: cdp runtime check: the launch of '%s' failed with %s: the "
         "child grid does not run%s\n",
         Site.File, Site.Line, Site.Kernel, cudaGetErrorName(Error), Why);
}

} // namespace detail

namespace detail {

/// Whether nvcc lets a value of type T into a device-side launch: copying
/// it byte by byte into the parameter buffer must skip no code. nvcc 13.0
/// refuses a non-trivial copy or move constructor or destructor ("cannot
/// pass an argument with a user-provided copy-constructor"); cdp-lower
/// refuses them when the types are known, and this catches the rest (the
/// parameter types of a template, known only here).
template <class T>
struct IsByteCopyable
    : std::integral_constant<
          bool, std::is_trivially_copy_constructible<T>::value &&
                    std::is_trivially_move_constructible<T>::value &&
                    std::is_trivially_destructible<T>::value> {};

template <bool...> struct Bools {};
/// Whether every one of \p Values is true (a fold expression, in C++11).
template <bool... Values>
struct AllOf : std::is_same<Bools<true, Values...>, Bools<Values..., true>> {};

/// What a kernel of these parameters must satisfy to be launched from the
/// device: its buffer fits, and every argument may be copied byte by byte.
template <class... Params> struct LaunchableKernel {
  static_assert(ParamLayout<Params...>::size <= kParamBufferLimit,
                "cdp: the kernel's parameters exceed the 4 KB parameter "
                "buffer of a device-side launch");
  static_assert(AllOf<IsByteCopyable<Params>::value...>::value,
                "cdp: cannot pass an argument whose copy or move constructor "
                "or destructor is not trivial to a device-side launch (nvcc "
                "refuses it too)");
  static constexpr bool value = true;
};

//===----------------------------------------------------------------------===//
// Runtime turns: one group of a warp's lanes at a time inside the device
// runtime.
//
// The device runtime's cudaGetParameterBufferV2 and cudaLaunchDeviceV2 hang
// for good when lanes of one warp that are not converged are inside them
// at once: measured on an H100 (CUDA 13.0, driver 580), one lane blocked in
// cudaLaunchDeviceV2 while the other lanes of its warp, at another launch,
// blocked in cudaGetParameterBufferV2 (cuda-gdb on the program fuzzer's
// seeds 103, 120-123 and 125). nvcc's `<<<>>>` only avoids it where the
// compiler keeps the warp converged; a warp split by a wait, a lane that
// launches for its block, or the user's own branches reaches the runtime in
// several groups. So each call into the device runtime holds its warp's
// turn: the lanes that reach the call together enter together, as they
// would without the turn, and another group of the warp waits until the
// last of them has returned. A group is told by a stamp all its lanes
// compute at once, not by a shuffle or a mask that a lane could wait on.
//
// Nothing else runs inside a turn: no user code (an argument, which may
// itself launch or be warp-collective), no shuffle and no warp barrier, so
// a lane that holds the turn never waits for another lane, and a lane that
// waits for it only waits for calls to return. (A turn that spanned a
// whole launch, its arguments included, and was handed to the group by a
// shuffle still hung one fuzz program in four hundred.) Letting one lane in
// at a time instead made plain lowered launches 6-13% slower than nvcc's
// (H100: Mandelbrot, quadtree and SSSP benchmarks, every thread of a warp
// launching).
//
// Launches of different warps never wait for each other, except when two
// warps share a slot after one has moved to another (preemption), which
// only makes one of them wait.
//===----------------------------------------------------------------------===//

/// One turn per warp slot of a device: %smid (below 256) and %warpid
/// (below 64) name the slot of the warp that runs now. A held turn is the
/// group's stamp (high half) and how many of its lanes are inside (low
/// half); 0 when it is free.
constexpr unsigned kRuntimeTurns = 256 * 64;
/// The turns: a static of a function template, which every translation
/// unit shares (a weak global, as a C++14 variable template or a C++17
/// inline variable would be; nvcc allows neither a `__device__` static
/// data member nor, before C++14, a variable template).
template <class = void>
CDP_LAUNCH_PATH __device__ unsigned long long *runtimeTurns() {
  static unsigned long long Turns[kRuntimeTurns];
  return Turns;
}

/// This thread's lane in its warp. (Not volatile: it never changes, so the
/// compiler may read it once.)
CDP_LAUNCH_PATH __device__ unsigned laneId() {
  unsigned Lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(Lane));
  return Lane;
}

/// The warp slot of the warp that runs now, an index below kRuntimeTurns.
CDP_LAUNCH_PATH __device__ unsigned warpSlotIndex() {
  unsigned Sm, Warp;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(Sm));
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(Warp));
  return (Sm % 256) * 64 + Warp % 64;
}

// Two groups of a warp's lanes that each took their own `__activemask()`
// may be converged again by the time they reach one warp collective. The
// collective then answers for every lane that runs it, not only for the
// lanes of the calling one's mask: a `__reduce_add_sync` adds up both
// groups (addOnce in serial-phases.cuh). So what names lanes is cut back
// to the caller's mask.

/// The lanes of \p Mask whose \p Predicate holds.
__device__ inline unsigned ballotIn(unsigned Mask, bool Predicate) {
  return __ballot_sync(Mask, Predicate) & Mask;
}

/// The lanes of \p Mask whose \p Key equals this lane's.
template <class T> __device__ unsigned matchIn(unsigned Mask, T Key) {
  return __match_any_sync(Mask, Key) & Mask;
}

/// Who goes into the device runtime in one turn.
enum class TurnFor {
  /// The lanes that reach the call together, as they would go in without
  /// the turn: a launch as written, whose turn is inline at its site. The
  /// turn is skipped where no other lane of the warp can be inside.
  LanesHere,
  /// The calling lane alone: the aggregation runtime's calls, each one
  /// lane's launch, made from functions that every launch site of a kernel
  /// shares (launchAlone, out of line). Lanes that came there from
  /// different sites, or from one site at different times, are reconverged
  /// in them; with one stamp they went into the runtime together, and
  /// cudaGetParameterBufferV2 kept them there for good (H200, CUDA 13.0:
  /// program fuzzer seed 8922 under --optimize, 10 runs of 15; cuda-gdb
  /// showed lanes 0 and 2 of a warp inside, each from a launch of its own,
  /// lane 1 waiting for the turn). Never skipped.
  ThisLane,
};

/// Holds this warp's runtime turn for the calling lane and the lanes that
/// are here with it, from construction to destruction. Scope it around one
/// call into the device runtime.
class RuntimeTurn {
  unsigned long long *Turn;

  CDP_LAUNCH_PATH __device__ static unsigned long long *ofThisWarp() {
    return &runtimeTurns<>()[warpSlotIndex()];
  }

  /// The same for the lanes that run this together, and for no other
  /// group of the warp: a warp reads %clock once per instruction, one
  /// instruction a cycle. For TurnFor::ThisLane, the lane's own: its lane
  /// index below the clock's bits.
  CDP_LAUNCH_PATH __device__ static unsigned long long stamp(TurnFor For) {
    unsigned Clock;
    asm volatile("mov.u32 %0, %%clock;" : "=r"(Clock));
    const unsigned Own =
        For == TurnFor::ThisLane ? (Clock << 6) | (laneId() << 1) : Clock;
    return (static_cast<unsigned long long>(Own) | 1ull) << 32;
  }

public:
  /// Whether every lane of this warp is here: then no other group of it
  /// can be inside the device runtime, and the lanes enter together as
  /// the turn would let them, without its four atomics on one address.
  /// A block of one thread is always so: a <<<1, 1>>> parent of six
  /// launches took 13% longer than nvcc's with the turn, 4% without
  /// (H200; ProteinSimGPU's frames 7.5% and 2-5%). So is a warp whose
  /// lanes all launch at once. The calls of obtainBuffer and launchBuffer
  /// skip the turn so (TurnFor::LanesHere); the aggregation runtime's, which
  /// one thread makes, do not: the check took its out-of-line launchAlone to 50
  /// registers, past a parent's own cap of 48
  /// (test/Lowering/aggregate-register-cap.cu).
  CDP_LAUNCH_PATH __device__ static bool wholeWarpHere() {
    const unsigned Threads = blockDim.x * blockDim.y * blockDim.z;
    const unsigned Linear =
        threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned InWarp = Threads - (Linear & ~31u);
    const unsigned Lanes = InWarp >= 32 ? ~0u : (1u << InWarp) - 1;
    return __activemask() == Lanes;
  }

  /// Whether this thread's block has one dimension: there, a launch that
  /// one thread of the block makes (`if (threadIdx.x == 0)`), in a kernel
  /// that calls the device runtime nowhere outside that thread's branch,
  /// is made by one lane of its warp alone, and no other lane can be
  /// inside the runtime (cdp-lower writes such a launch with
  /// `cdp::oneThreadOfBlock`), as is one behind `if (lane_id == 0)` with
  /// `lane_id = threadIdx.x % 32` (`cdp::oneLaneOfWarp`). In a block of
  /// more dimensions the guard may leave a lane of each row.
  CDP_LAUNCH_PATH __device__ static bool oneDimensionalBlock() {
    return blockDim.y == 1 && blockDim.z == 1;
  }

  /// One atomic on this warp's turn that changes no holder's count: where
  /// a launch skipped the turn, what its release would have cost
  /// (launchBuffer says why).
  CDP_LAUNCH_PATH __device__ static void touch() {
    atomicAdd(ofThisWarp(), 0ull);
  }

  /// Waits until no lane of this warp holds the turn: none is inside the
  /// device runtime (serial::lanesOutOfRuntime says who needs it).
  CDP_LAUNCH_PATH __device__ static void awaitNoneInside() {
    while (*static_cast<volatile unsigned long long *>(ofThisWarp()) != 0ull)
      __nanosleep(32);
  }

  // Inline, and it must stay so: each launch site has its own copy at its
  // own address. Out of line (__noinline__, to save ptxas time), groups of
  // one warp at different launches ran the same instructions, were
  // reconverged there, took one stamp and entered the runtime together:
  // 4 of the program fuzzer's 320 builds hung (H100, seeds 526, 549, 559
  // and 562), which pass with the turn inline.
  CDP_LAUNCH_PATH __device__ explicit RuntimeTurn(TurnFor For)
      : Turn(ofThisWarp()) {
    // The lanes here run the compare-and-swap as one instruction: the
    // first takes the turn with their stamp, the others find it there.
    // A lane that found another group there (the turn was given back
    // while the instruction ran) tries again with a new stamp, so it
    // never joins lanes that went in without it.
    for (;;) {
      const unsigned long long Mine = stamp(For);
      const unsigned long long Held = atomicCAS(Turn, 0ull, Mine);
      if (Held == 0ull || (Held >> 32) == (Mine >> 32))
        break;
      __nanosleep(32);
    }
    // Counted only once inside, together: the first lane to leave cannot
    // give the turn back before the others are counted.
    atomicAdd(Turn, 1ull);
  }
  CDP_LAUNCH_PATH __device__ ~RuntimeTurn() {
    const unsigned long long Before = atomicAdd(Turn, ~0ull);
    if ((Before & 0xffffffffull) == 1ull) // The last one out frees it.
      atomicCAS(Turn, Before - 1, 0ull);
  }
  RuntimeTurn(const RuntimeTurn &) = delete;
  RuntimeTurn &operator=(const RuntimeTurn &) = delete;
};

/// Makes \p Into, one call into the device runtime, inside this warp's
/// runtime turn, for \p For; or, for TurnFor::LanesHere, without the turn
/// where the whole warp is here (RuntimeTurn::wholeWarpHere), or the
/// launch's thread is alone in its warp in a one-dimensional block
/// (\p AloneInWarp: one thread of its block, or one lane of each warp).
template <TurnFor For, class Call>
CDP_LAUNCH_PATH __device__ auto inRuntimeTurn(const Call &Into,
                                              bool AloneInWarp)
    -> decltype(Into()) {
  if (For == TurnFor::LanesHere &&
      ((AloneInWarp && RuntimeTurn::oneDimensionalBlock()) ||
       RuntimeTurn::wholeWarpHere()))
    return Into();
  RuntimeTurn Turn(For);
  return Into();
}

/// Whether a launch of `Layout` through V2 (\p UseV2) or V1 needs a
/// parameter buffer: V1 launches a kernel without parameters with none.
template <class Layout>
CDP_LAUNCH_PATH __device__ bool needsBuffer(bool UseV2) {
  return UseV2 || Layout::size != 0;
}

/// Obtains a parameter buffer for a launch of `Kernel` in `Config`, through
/// V2 or V1 as the stream needs. Null when the device runtime has none; the
/// error then stays where cudaGetLastError() finds it.
template <class Layout, TurnFor For = TurnFor::LanesHere>
CDP_LAUNCH_PATH __device__ void *
obtainBuffer(void *Kernel, const LaunchConfig &Config, bool UseV2,
             bool AloneInWarp = false) {
  auto Obtain = [&]() -> void * {
    if (UseV2)
      return cudaGetParameterBufferV2(
          Kernel, Config.Grid, Config.Block,
          static_cast<unsigned>(Config.SharedMem.Bytes));
    if (!needsBuffer<Layout>(UseV2))
      return nullptr;
    // At least kParamBufferAlign: the stores below are compiled for it.
    constexpr std::size_t Align = Layout::alignment > kParamBufferAlign
                                      ? Layout::alignment
                                      : kParamBufferAlign;
    return cudaGetParameterBuffer(Align, Layout::size);
  };
  return inRuntimeTurn<For>(Obtain, AloneInWarp);
}

/// Where parameter `Offset` goes in `Buffer`, which is known to be at least
/// kParamBufferAlign-aligned: saying so turns the copy into stores of the
/// parameter's width instead of one byte store per byte.
CDP_LAUNCH_PATH __device__ void *slotAt(void *Buffer, std::size_t Offset) {
  return static_cast<char *>(
             __builtin_assume_aligned(Buffer, kParamBufferAlign)) +
         Offset;
}

/// Launches a packed buffer. As with `<<<>>>`, errors are recorded for
/// cudaGetLastError(); the launch call's own result is returned for the
/// aggregation runtime, which must know whether this launch was made (the
/// thread's last error may be an earlier call's).
template <class Layout, TurnFor For = TurnFor::LanesHere>
CDP_LAUNCH_PATH __device__ cudaError_t launchBuffer(void *Kernel, void *Buffer,
                                                    const LaunchConfig &Config,
                                                    bool UseV2,
                                                    bool AloneInWarp = false) {
  auto Launch = [&]() -> cudaError_t {
    if (UseV2)
      return Buffer ? cudaLaunchDeviceV2(Buffer, Config.Stream)
                    : cudaErrorLaunchOutOfResources;
    if (Buffer || !needsBuffer<Layout>(UseV2))
      return cudaLaunchDevice(Kernel, Buffer, Config.Grid, Config.Block,
                              static_cast<unsigned>(Config.SharedMem.Bytes),
                              Config.Stream);
    return cudaErrorLaunchOutOfResources;
  };
  const cudaError_t Result = inRuntimeTurn<For>(Launch, AloneInWarp);
  // A block's one launch into its default stream, made without the turn,
  // stays in the runtime's way as long as the turn's release would have:
  // an atomic on the warp's turn (adding 0 changes no holder's count).
  // NVIDIA's quadtree sample, whose last statement is such a launch, built
  // 16% faster so than with the launch alone, as nvcc's own build does
  // (0.47-0.48 against 0.56-0.57 ms at 16,384 points, H200); a sleep
  // there did as well, the same atomic before the launch did not, and the
  // GF(2) solver's tail launches gained nothing from it
  // (docs/benchmarks.md).
  if (AloneInWarp && Config.Stream == nullptr &&
      RuntimeTurn::oneDimensionalBlock())
    RuntimeTurn::touch();
  return Result;
}

/// Checks the offset cdp-lower wrote against this header's computation.
template <class Layout, std::size_t Packed, std::size_t Offset>
__host__ __device__ inline void checkOffset() {
  static_assert(Packed < Layout::count,
                "cdp: more arguments than the kernel has parameters");
  static_assert(Offset == Layout::offset(Packed),
                "cdp: cdp-lower and cdp/launch.cuh disagree on the "
                "parameter layout; lower again with this runtime");
}

} // namespace detail

/// cdp-lower opens a launch with one of these, `cdp::DeviceLaunch<...>(
/// cdp::oneThreadOfBlock, k, {...})`, where its thread runs alone in its
/// warp (one thread of its block, or one lane of each warp: `if (lane_id ==
/// 0)`) and its kernel calls the device runtime nowhere else: in a
/// one-dimensional block it then takes no runtime turn.
enum AloneInWarpTag { oneThreadOfBlock, oneLaneOfWarp };

/// One device-side launch of a kernel of type `void(Params...)`, with
/// `Packed` arguments stored so far. See the file comment for its use.
template <class Kernel, std::size_t Packed = 0> class DeviceLaunch;
/// The same under run-time checks (below).
template <class Kernel, std::size_t Packed = 0> class CheckedDeviceLaunch;

namespace detail {

/// The link of a launch chain `Count` arguments after `Link`.
template <class Link, std::size_t Count> struct LinkAfter;
template <template <class, std::size_t> class Chain, class Kernel,
          std::size_t Packed, std::size_t Count>
struct LinkAfter<Chain<Kernel, Packed>, Count> {
  using type = Chain<Kernel, Packed + Count>;
};

/// `.args(values...)` of a launch chain's link: a pack expansion's
/// arguments, one `.arg` each. An empty pack continues the chain from this
/// link, which lives to the end of the launch's full expression.
template <class Link> struct PackedArgs {
  CDP_LAUNCH_PATH __device__ Link &&args() && {
    return static_cast<Link &&>(*this);
  }
  template <class First, class... Rest>
  CDP_LAUNCH_PATH __device__ typename LinkAfter<Link, 1 + sizeof...(Rest)>::type
  args(First &&Value, Rest &&...More) && {
    return static_cast<Link &&>(*this)
        .arg(std::forward<First>(Value))
        .args(std::forward<Rest>(More)...);
  }
};

} // namespace detail

template <class... Params, std::size_t Packed>
class DeviceLaunch<void(Params...), Packed>
    : public detail::PackedArgs<DeviceLaunch<void(Params...), Packed>> {
  using Layout = ParamLayout<Params...>;
  using NextParam = typename detail::TypeAt<Packed, Params...>::type;
  using KernelPtr = void (*)(Params...);

  static_assert(detail::LaunchableKernel<Params...>::value, "");

  template <class, std::size_t> friend class DeviceLaunch;

  KernelPtr Kernel;
  LaunchConfig Config;
  bool UseV2;
  /// Opened with an AloneInWarpTag.
  bool AloneInWarp;
  /// Null when the device runtime could not provide a buffer; the launch is
  /// then skipped and the error stays where cudaGetLastError() finds it.
  void *Buffer;

  CDP_LAUNCH_PATH __device__ DeviceLaunch(KernelPtr Kernel,
                                          const LaunchConfig &Config,
                                          bool UseV2, bool AloneInWarp,
                                          void *Buffer)
      : Kernel(Kernel), Config(Config), UseV2(UseV2), AloneInWarp(AloneInWarp),
        Buffer(Buffer) {}

  /// The first link: obtains the buffer.
  CDP_LAUNCH_PATH __device__ DeviceLaunch(KernelPtr Kernel,
                                          const LaunchConfig &Config,
                                          bool UseV2, bool AloneInWarp)
      : DeviceLaunch(
            Kernel, Config, UseV2, AloneInWarp,
            detail::obtainBuffer<Layout>(reinterpret_cast<void *>(Kernel),
                                         Config, UseV2, AloneInWarp)) {}

public:
  CDP_LAUNCH_PATH __device__ DeviceLaunch(KernelPtr Kernel,
                                          const LaunchConfig &Config)
      : DeviceLaunch(Kernel, Config, detail::usesLaunchV2(Config.Stream),
                     /*AloneInWarp=*/false) {}

  CDP_LAUNCH_PATH __device__ DeviceLaunch(AloneInWarpTag, KernelPtr Kernel,
                                          const LaunchConfig &Config)
      : DeviceLaunch(Kernel, Config, detail::usesLaunchV2(Config.Stream),
                     /*AloneInWarp=*/true) {}

  /// Converts `Value` to the next parameter's type, as a call would, and
  /// stores it at `Offset`. cdp-lower writes the offset it computed; the
  /// default is this header's own computation, used for dependent types and
  /// for layouts that differ between architectures or that only nvcc knows.
  template <std::size_t Offset = Layout::offset(Packed)>
  CDP_LAUNCH_PATH __device__ DeviceLaunch<void(Params...), Packed + 1>
  arg(NextParam Value) && {
    detail::checkOffset<Layout, Packed, Offset>();
    if (Buffer)
      detail::ParamStore<NextParam>::store(detail::slotAt(Buffer, Offset),
                                           Value);
    return {Kernel, Config, UseV2, AloneInWarp, Buffer};
  }

  /// Launches the child grid. Like `<<<>>>`, the result is not returned:
  /// errors are recorded for cudaGetLastError().
  CDP_LAUNCH_PATH __device__ void launch() && {
    static_assert(Packed == Layout::count,
                  "cdp: fewer arguments than the kernel has parameters");
    detail::launchBuffer<Layout>(reinterpret_cast<void *>(Kernel), Buffer,
                                 Config, UseV2, AloneInWarp);
  }
};

#if __cplusplus >= 201703L
/// Lets dependent launches write `cdp::DeviceLaunch(k<T>, {...})`.
template <class... Params>
DeviceLaunch(void (*)(Params...), const LaunchConfig &)
    -> DeviceLaunch<void(Params...), 0>;
template <class... Params>
DeviceLaunch(AloneInWarpTag, void (*)(Params...), const LaunchConfig &)
    -> DeviceLaunch<void(Params...), 0>;
#else
/// Before C++17 (no deduction guides), dependent launches write
/// `cdp::makeDeviceLaunch(k<T>, {...})`.
template <class... Params>
CDP_LAUNCH_PATH __device__ DeviceLaunch<void(Params...), 0>
makeDeviceLaunch(void (*Kernel)(Params...), const LaunchConfig &Config) {
  return DeviceLaunch<void(Params...), 0>(Kernel, Config);
}
template <class... Params>
CDP_LAUNCH_PATH __device__ DeviceLaunch<void(Params...), 0>
makeDeviceLaunch(AloneInWarpTag Tag, void (*Kernel)(Params...),
                 const LaunchConfig &Config) {
  return DeviceLaunch<void(Params...), 0>(Tag, Kernel, Config);
}
#endif

//===----------------------------------------------------------------------===//
// A launch whose kernel's type has no spelling:
//
//   cdp::deducedLaunch({grid, block}).arg<int *>(p).arg(f).launch(k)
//
// A kernel template called with a lambda (`k<<<1, 32>>>(p, [=](int i) {
// ... })`) is instantiated with the lambda's closure type, which no source
// can write, so DeviceLaunch<void(int *, F)> cannot be opened. The chain
// starts from the configuration instead and keeps each argument as its
// parameter's type: the type cdp-lower writes (`.arg<int *>(p)`, converted
// as a call converts it), or, where it can write none, the argument's own
// (`.arg(f)`, which is the parameter's type: the call deduced it so).
// `.launch(k)` converts `k` to a pointer to the kernel of those types, which
// deduces the template's arguments as the call did, and then opens a
// DeviceLaunch and launches as it does. The configuration and the
// arguments are evaluated once each, in source order, before the parameter
// buffer is taken.
//===----------------------------------------------------------------------===//

namespace detail {

/// The front of a deduced launch's chain: its configuration.
struct DeducedStart {
  static constexpr std::size_t Depth = 0;
  template <class... Later> using Kernel = void (*)(Later...);

  LaunchConfig Config;
  bool AloneInWarp;

  CDP_LAUNCH_PATH __device__ const LaunchConfig &config() const {
    return Config;
  }
  CDP_LAUNCH_PATH __device__ bool aloneInWarp() const { return AloneInWarp; }
  template <class Signature, std::size_t Packed>
  CDP_LAUNCH_PATH __device__ DeviceLaunch<Signature, Packed>
  pass(DeviceLaunch<Signature, Packed> &&Launch) const {
    return static_cast<DeviceLaunch<Signature, Packed> &&>(Launch);
  }
};

/// An argument kept as its parameter's type, after those of `Prior`.
template <class Prior, class Param> struct KeptArg {
  static constexpr std::size_t Depth = Prior::Depth + 1;
  template <class... Later>
  using Kernel = typename Prior::template Kernel<Param, Later...>;

  Prior Before;
  Param Value;

  CDP_LAUNCH_PATH __device__ const LaunchConfig &config() const {
    return Before.config();
  }
  CDP_LAUNCH_PATH __device__ bool aloneInWarp() const {
    return Before.aloneInWarp();
  }
  /// Stores the kept arguments into `Launch`, the first first.
  template <class Signature, std::size_t Packed>
  CDP_LAUNCH_PATH __device__ DeviceLaunch<Signature, Packed + Depth>
  pass(DeviceLaunch<Signature, Packed> &&Launch) const {
    return Before.pass(static_cast<DeviceLaunch<Signature, Packed> &&>(Launch))
        .arg(Value);
  }
};

/// The type an argument is kept as: `Written`, or the argument's own.
template <class Written, class Arg>
using KeptType =
    typename std::conditional<std::is_void<Written>::value,
                              typename std::decay<Arg>::type, Written>::type;

} // namespace detail

/// A launch whose kernel comes last (above), its arguments so far in
/// `Chain`.
template <class Chain> class DeducedLaunch {
  Chain Kept;

public:
  CDP_LAUNCH_PATH __device__ explicit DeducedLaunch(const Chain &Kept)
      : Kept(Kept) {}

  /// Keeps `Value` as `Written`, converted as a call converts it, or, by
  /// default, as its own type.
  template <class Written = void, class Arg>
  CDP_LAUNCH_PATH __device__
      DeducedLaunch<detail::KeptArg<Chain, detail::KeptType<Written, Arg>>>
      arg(Arg &&Value) && {
    using Param = detail::KeptType<Written, Arg>;
    const Param Converted = std::forward<Arg>(Value);
    return DeducedLaunch<detail::KeptArg<Chain, Param>>({Kept, Converted});
  }

  /// Launches `Kernel`, which a kernel template's name converts to.
  CDP_LAUNCH_PATH __device__ void
  launch(typename Chain::template Kernel<> Kernel) && {
    using Signature = typename std::remove_pointer<decltype(Kernel)>::type;
    (Kept.aloneInWarp()
         ? Kept.pass(
               DeviceLaunch<Signature>(oneThreadOfBlock, Kernel, Kept.config()))
         : Kept.pass(DeviceLaunch<Signature>(Kernel, Kept.config())))
        .launch();
  }
};

/// Opens a deduced launch.
CDP_LAUNCH_PATH __device__ DeducedLaunch<detail::DeducedStart>
deducedLaunch(const LaunchConfig &Config) {
  return DeducedLaunch<detail::DeducedStart>({Config, false});
}
/// The same, where the launching thread is alone in its warp (see
/// AloneInWarpTag).
CDP_LAUNCH_PATH __device__ DeducedLaunch<detail::DeducedStart>
deducedLaunch(AloneInWarpTag, const LaunchConfig &Config) {
  return DeducedLaunch<detail::DeducedStart>({Config, true});
}

//===----------------------------------------------------------------------===//
// A launch under run-time checks (cdp-lower --runtime-checks):
//
//   cdp::CheckedDeviceLaunch<void(int *)>(CDP_LAUNCH_SITE("f.cu", 12, "k"),
//                                         k, {grid, block}).arg<0>(p).launch()
//
// The arguments are staged in the first object of the chain, a temporary
// that lives to the end of the full expression, and tested on the way in.
// Only `.launch()` obtains a parameter buffer, and only when every pointer
// passed: a skipped launch takes nothing from the device runtime (taking a
// buffer and never launching it exhausts the pending-launch count after
// about 2,048 skips on an H200).
//===----------------------------------------------------------------------===//

namespace detail {

/// What the links of one checked launch share.
template <class... Params> struct CheckedLaunchState {
  using Layout = ParamLayout<Params...>;
  void (*Kernel)(Params...);
  LaunchConfig Config;
  LaunchSiteInfo *Site;
  bool Rejected;
  alignas(
      kParamBufferAlign) unsigned char Staged[Layout::size ? Layout::size : 1];

  __device__ CheckedLaunchState(void (*Kernel)(Params...),
                                const LaunchConfig &Config,
                                LaunchSiteInfo *Site)
      : Kernel(Kernel), Config(Config), Site(Site), Rejected(false) {}

  /// Tests and stages the argument of parameter `Packed`, of type
  /// `Param`; a reference parameter's address is tested as a pointer.
  template <std::size_t Packed, std::size_t Offset, class Param>
  __device__ void stage(const Param &Value) {
    checkOffset<Layout, Packed, Offset>();
    // A pointer that the child may not use rejects the launch.
    if (rejectsPointer(*Site, Packed + 1, ParamStore<Param>::passed(Value),
                       IsDataPointer<typename PassedAs<Param>::type>()))
      Rejected = true;
    ParamStore<Param>::store(Staged + Offset, Value);
  }

  CDP_LAUNCH_PATH __device__ void launch() {
    if (Rejected)
      return;
    void *KernelAddress = reinterpret_cast<void *>(Kernel);
    bool UseV2 = usesLaunchV2(Config.Stream);
    void *Buffer = obtainBuffer<Layout>(KernelAddress, Config, UseV2);
    if (Buffer && Layout::size != 0)
      std::memcpy(slotAt(Buffer, 0), Staged, Layout::size);
    const cudaError_t Launched =
        launchBuffer<Layout>(KernelAddress, Buffer, Config, UseV2);
    if (Launched == cudaSuccess)
      return;
    // Where the buffer was refused, the error is the buffer call's, which the
    // thread's last error holds (peeked: the program's cudaGetLastError()
    // still finds it).
    const bool BufferRefused = !Buffer && needsBuffer<Layout>(UseV2);
    reportRefusedLaunch(*Site,
                        BufferRefused ? cudaPeekAtLastError() : Launched);
  }
};

} // namespace detail

/// A link after the first: it refers to the state the first one holds.
template <class... Params, std::size_t Packed>
class CheckedDeviceLaunch<void(Params...), Packed>
    : public detail::PackedArgs<CheckedDeviceLaunch<void(Params...), Packed>> {
  using State = detail::CheckedLaunchState<Params...>;
  using NextParam = typename detail::TypeAt<Packed, Params...>::type;
  State &Shared;

public:
  __device__ explicit CheckedDeviceLaunch(State &Shared) : Shared(Shared) {}

  template <std::size_t Offset = State::Layout::offset(Packed)>
  __device__ CheckedDeviceLaunch<void(Params...), Packed + 1>
  arg(NextParam Value) && {
    Shared.template stage<Packed, Offset, NextParam>(Value);
    return CheckedDeviceLaunch<void(Params...), Packed + 1>(Shared);
  }

  CDP_LAUNCH_PATH __device__ void launch() && {
    static_assert(Packed == State::Layout::count,
                  "cdp: fewer arguments than the kernel has parameters");
    Shared.launch();
  }
};

/// The first link: it holds the configuration and the staged arguments.
template <class... Params>
class CheckedDeviceLaunch<void(Params...), 0>
    : detail::CheckedLaunchState<Params...>,
      public detail::PackedArgs<CheckedDeviceLaunch<void(Params...), 0>> {
  using State = detail::CheckedLaunchState<Params...>;
  using NextParam = typename detail::TypeAt<0, Params...>::type;

  static_assert(detail::LaunchableKernel<Params...>::value, "");

public:
  __device__ CheckedDeviceLaunch(LaunchSiteInfo *Site,
                                 void (*Kernel)(Params...),
                                 const LaunchConfig &Config)
      : State(Kernel, Config, Site) {}

  template <std::size_t Offset = State::Layout::offset(0)>
  __device__ CheckedDeviceLaunch<void(Params...), 1> arg(NextParam Value) && {
    State::template stage<0, Offset, NextParam>(Value);
    return CheckedDeviceLaunch<void(Params...), 1>(*this);
  }

  CDP_LAUNCH_PATH __device__ void launch() && {
    static_assert(State::Layout::count == 0,
                  "cdp: fewer arguments than the kernel has parameters");
    State::launch();
  }
};

#if __cplusplus >= 201703L
/// Lets dependent launches write `cdp::CheckedDeviceLaunch(site, k<T>, ...)`.
template <class... Params>
CheckedDeviceLaunch(LaunchSiteInfo *, void (*)(Params...), const LaunchConfig &)
    -> CheckedDeviceLaunch<void(Params...), 0>;
#else
/// Before C++17, `cdp::makeCheckedDeviceLaunch(site, k<T>, {...})`.
template <class... Params>
__device__ CheckedDeviceLaunch<void(Params...), 0>
makeCheckedDeviceLaunch(LaunchSiteInfo *Site, void (*Kernel)(Params...),
                        const LaunchConfig &Config) {
  return CheckedDeviceLaunch<void(Params...), 0>(Site, Kernel, Config);
}
#endif

#if __cplusplus >= 201703L
/// A child's reference parameter as a serial run (--threshold) and a
/// coarsened block (--coarsen) carry it: the address of the object it
/// binds, as a launch passes it (PassedAs), so that the child's copy reads
/// and writes that object, not a copy of it. The runtime copies it, holds
/// it and shuffles it between lanes as any argument; it becomes the
/// reference again where the child's copy (`child_thread`) takes it.
template <class T> class Address {
  T *Object;

public:
  __device__ Address(T &Bound) : Object(__builtin_addressof(Bound)) {}
  __device__ operator T &() const { return *Object; }
};

/// The reference \p Bound, passed on by its address (Address).
template <class T> __device__ Address<T> byAddress(T &Bound) { return Bound; }

namespace detail {
/// How the runtime keeps an argument of a parameter of type \p T past the
/// launch that named it (an aggregated launch's record, a serial run held
/// to the thread's end): its value, or a reference's address (Address), so
/// that the child's copy binds the object the launch named.
template <class T> struct HeldAsType {
  using type = T;
};
template <class T> struct HeldAsType<T &> {
  using type = Address<T>;
};
template <class T> using HeldAs = typename HeldAsType<T>::type;
} // namespace detail

/// --threshold: a child grid of few threads runs in the launching warp,
/// as calls of a copy of the child's body (`child_thread`), one per thread
/// of the grid. Of the lanes that reach the serial run together, each one
/// whose grid fills a turn of the warp (a thread per lane) takes turns of
/// its own, all lanes sharing its threads; the lanes whose grids are
/// smaller pack their threads into shared turns: grids of 3, 5 and 9
/// threads run in one turn, not three. A flat warp-per-item program
/// spends a turn per item however few its threads are.
///
/// Thresholding applies only to children whose grids may run in any order
/// and interleaved (cudaStreamFireAndForget, or declared unordered), and
/// whose threads never wait for each other (no barrier, shared memory or
/// warp collective), so running threads of several grids in one turn keeps
/// everything a CDP2 program may observe.
///
/// -DCDP_SERIAL_IN_TURN gives every grid turns of its own, the schedule
/// before packing; bench/aggregation compares the two.
namespace serial {

/// The threads of a grid of \p Grid blocks of \p Block threads.
__device__ inline unsigned long long threadsOf(dim3 Grid, dim3 Block) {
  return (unsigned long long)Grid.x * Grid.y * Grid.z * Block.x * Block.y *
         Block.z;
}

/// Whether a grid of \p Grid blocks of \p Block threads has fewer than
/// \p Threshold threads, and so runs in the launching warp.
__device__ inline bool fewerThreads(dim3 Grid, dim3 Block,
                                    unsigned long long Threshold) {
  return threadsOf(Grid, Block) < Threshold;
}

/// Whether a serial run's grids are one-dimensional of one-dimensional
/// blocks as far as the compiler can see: the launch wrote its grid and
/// block as numbers (\p GridShape and \p BlockShape integers, not dim3).
/// Then a thread's x index (`blockIdx.x * blockDim.x + threadIdx.x` in the
/// child) comes out as the run's own counter, with no division left
/// (runThread), and only the x sizes go from lane to lane.
template <class GridShape, class BlockShape>
inline constexpr bool IsLinear =
    std::is_integral_v<GridShape> && std::is_integral_v<BlockShape>;

template <class T> struct UnqualifiedType {
  using type = std::remove_cv_t<T>;
};
template <class T> struct UnqualifiedType<T *__restrict__> {
  using type = T *;
};
template <class T> struct UnqualifiedType<T *const __restrict__> {
  using type = T *;
};
/// \p T without its own qualifiers: `const`, `volatile`, `__restrict__`.
/// An argument deduced from a child's parameter (`int *__restrict p`,
/// `volatile int v`) keeps them, and the address of such an object
/// converts to no `const void *` (nvcc's front end and clang refuse it),
/// so memcpy takes a copy's.
template <class T> using Unqualified = typename UnqualifiedType<T>::type;

/// The bits of \p Value, in words.
template <class T> struct WordsOf {
  static constexpr std::size_t Count = (sizeof(T) + 3) / 4;
  unsigned Bits[Count] = {};

  __device__ explicit WordsOf(const T &Value) {
    const Unqualified<T> Copy = Value;
    std::memcpy(Bits, &Copy, sizeof(T));
  }
};

/// \p Value of lane \p Lane of the lanes in \p Mask, word by word. Lanes
/// may each name a different lane.
template <class T>
__device__ T fromLane(const T &Value, int Lane, unsigned Mask) {
  static_assert(std::is_trivially_copyable_v<T>,
                "cdp: a child's parameters are trivially copyable");
  WordsOf<T> Words(Value);
  for (unsigned &Word : Words.Bits)
    Word = __shfl_sync(Mask, Word, Lane);
  Unqualified<T> Result = Value;
  std::memcpy(&Result, Words.Bits, sizeof(T));
  return Result;
}

/// The grid or block \p Shape of lane \p Lane of \p Mask: only its x size
/// where the run is \p Linear (the others are 1 in every lane).
template <bool Linear>
__device__ dim3 shapeFromLane(dim3 Shape, int Lane, unsigned Mask) {
  if constexpr (Linear)
    return dim3(fromLane(Shape.x, Lane, Mask));
  else
    return fromLane(Shape, Lane, Mask);
}

using detail::laneId;

/// The arguments of a serial run that every lane of the launching warp
/// passes the same (bit I: argument I; the tool marks those computed from
/// the parent kernel's parameters alone). A lane takes them from itself
/// rather than from the lane whose grid it runs: no shuffle, and the value
/// stays where the compiler knows it is the same in every lane (a uniform
/// register), so that an atomic at such an address is made once per warp.
/// byWarpFirst checks that the lanes reaching it hold the same values;
/// where they do not (lanes of two launches, a rare meeting), each lane
/// runs its own grid alone. That keeps one copy of the run's loops, and so
/// of the child's body, in the parent rather than two (SSSP's parent: 32
/// registers instead of 40).
template <int... Arguments>
inline constexpr unsigned long long sameArguments =
    ((1ull << Arguments) | ... | 0ull);

/// Whether \p Same names argument \p I.
template <unsigned long long Same, std::size_t I>
inline constexpr bool namedSame = I < 64 && ((Same >> I) & 1);

/// Whether argument \p I, when \p Same names it, holds in this lane the
/// bits it holds in lane \p Leader of \p Mask.
template <unsigned long long Same, std::size_t I, class T>
__device__ bool sameAsLeader(const T &Value, int Leader, unsigned Mask) {
  if constexpr (namedSame<Same, I>) {
    const WordsOf<T> Words(Value);
    bool Equal = true;
    for (unsigned Word : Words.Bits)
      Equal = (__shfl_sync(Mask, Word, Leader) == Word) && Equal;
    return Equal;
  } else {
    return true;
  }
}

/// Whether every argument that \p Same names is the same in all lanes of
/// \p Mask. The tool names only values that the lanes of one launch
/// share; this keeps a run right where lanes of two launches of one child
/// (with other values) reach it together. (A shuffle from the lowest lane
/// and one vote, not __match_all_sync: the runtime builds for every
/// architecture CDP does.)
template <unsigned long long Same, std::size_t... Is, class... Args>
__device__ bool allSameInLanes(std::index_sequence<Is...>, unsigned Mask,
                               const Args &...Arguments) {
  const int Leader = __ffs(Mask) - 1;
  return __all_sync(
      Mask, (sameAsLeader<Same, Is>(Arguments, Leader, Mask) & ... & true));
}

/// Argument \p I of the grid of lane \p Owner, for a lane of \p Mask.
template <unsigned long long Same, std::size_t I, class T>
__device__ T argumentOf(const T &Value, int Owner, unsigned Mask) {
  if constexpr (namedSame<Same, I>)
    return Value;
  else
    return fromLane(Value, Owner, Mask);
}

/// Calls `Thread` for thread \p Position of the grid \p G of blocks \p B.
/// The index is 32-bit wherever the grid allows, and a one-dimensional
/// grid of one-dimensional blocks (most children) costs one division, or a
/// shift for blocks of a power of two: this runs for every child thread,
/// and a 64-bit division costs more than most children's bodies. Where the
/// compiler knows the grid is \p Linear, threadIdx.x is written as the
/// remainder `Position - blockIdx.x * blockDim.x`, so that the child's
/// `blockIdx.x * blockDim.x + threadIdx.x` folds to `Position`, and the
/// division goes wherever nothing else reads blockIdx.
template <auto Thread, bool Linear, class Index, class... Args>
__device__ void runThread(Index Position, dim3 G, dim3 B,
                          const Args &...Arguments) {
  uint3 BlockIdx{0, 0, 0}, ThreadIdx{0, 0, 0};
  const bool PowerOfTwo = (B.x & (B.x - 1)) == 0;
  if constexpr (Linear) {
    BlockIdx.x = PowerOfTwo ? unsigned(Position >> (__ffs(B.x) - 1))
                            : unsigned(Position / B.x);
    ThreadIdx.x = unsigned(Position) - BlockIdx.x * B.x;
  } else if (G.y == 1 && G.z == 1 && B.y == 1 && B.z == 1) {
    if (PowerOfTwo) {
      BlockIdx.x = unsigned(Position >> (__ffs(B.x) - 1));
      ThreadIdx.x = unsigned(Position) & (B.x - 1);
    } else {
      BlockIdx.x = unsigned(Position / B.x);
      ThreadIdx.x = unsigned(Position - Index(BlockIdx.x) * B.x);
    }
  } else {
    const Index PerBlock = Index(B.x) * B.y * B.z;
    const Index Bn = Position / PerBlock, Tn = Position % PerBlock;
    BlockIdx = uint3{unsigned(Bn % G.x), unsigned(Bn / G.x % G.y),
                     unsigned(Bn / G.x / G.y)};
    ThreadIdx = uint3{unsigned(Tn % B.x), unsigned(Tn / B.x % B.y),
                      unsigned(Tn / B.x / B.y)};
  }
  Thread(BlockIdx, ThreadIdx, G, B, Arguments...);
}

/// Calls \p Run(T) for T = \p First, First + \p Step, ... below \p Total,
/// with a 32-bit T wherever the range allows. The loops are not unrolled:
/// each copy is a copy of the child's body, and a lane of a serial run
/// mostly runs few threads (unrolled, SSSP's parent held 16 copies of its
/// child, and ran no faster).
template <class Fn>
__device__ void forThreadsFrom(unsigned First, unsigned Step,
                               unsigned long long Total, Fn &&Run) {
  if (Total <= 0xffffffffu - Step) {
#pragma unroll 1
    for (unsigned T = First; T < unsigned(Total); T += Step)
      Run(T);
  } else {
#pragma unroll 1
    for (unsigned long long T = First; T < Total; T += Step)
      Run(T);
  }
}

/// The grid of each lane of \p Owners in turn, of which the first \p Count
/// threads run: its shape and arguments go to every lane of \p Mask,
/// which share those threads.
template <auto Thread, unsigned long long Same, bool Linear, std::size_t... Is,
          class... Args>
__device__ void inTurns(std::index_sequence<Is...>, unsigned Owners,
                        unsigned Mask, unsigned Rank, unsigned Lanes,
                        unsigned long long Count, dim3 Grid, dim3 Block,
                        const Args &...Arguments) {
  for (; Owners; Owners &= Owners - 1) {
    const int Owner = __ffs(Owners) - 1;
    const dim3 G = shapeFromLane<Linear>(Grid, Owner, Mask);
    const dim3 B = shapeFromLane<Linear>(Block, Owner, Mask);
    const unsigned long long Total = fromLane(Count, Owner, Mask);
    auto Share = [&](const auto &...Owned) {
      forThreadsFrom(Rank, Lanes, Total, [&](auto T) {
        runThread<Thread, Linear>(T, G, B, Owned...);
      });
    };
    Share(argumentOf<Same, Is>(Arguments, Owner, Mask)...);
  }
}

/// The lane of \p Owners whose part of the packed range holds \p Position:
/// the last one that starts at or before it. A binary search over lane
/// numbers; each step asks the nearest owner at or below the lane tried
/// for its start (lanes outside \p Owners hold no part).
__device__ inline unsigned ownerOf(unsigned Position, unsigned Start,
                                   unsigned Owners, unsigned Mask,
                                   unsigned Lane) {
  unsigned Found = 0;
  for (unsigned Step = 16; Step; Step >>= 1) {
    const unsigned Tried = Found | Step;
    const unsigned AtOrBelow = Owners & ((2u << Tried) - 1);
    const unsigned Nearest = AtOrBelow ? 31 - __clz(AtOrBelow) : Lane;
    const unsigned ItsStart = __shfl_sync(Mask, Start, Nearest);
    if (!AtOrBelow || ItsStart <= Position)
      Found = Tried;
  }
  return 31 - __clz(Owners & ((2u << Found) - 1));
}

/// The grids of fewer than a turn's threads (\p Small; 0 for the other
/// lanes), packed in lane order into one range that the lanes of \p Mask
/// share, turn by turn. Each lane's start in the range is a sum of
/// ballots, one per bit of the sizes (under 32: five), so that lanes
/// outside the mask need not take part, as they would in a shuffle scan.
template <auto Thread, unsigned long long Same, bool Linear, std::size_t... Is,
          class... Args>
__device__ void packed(std::index_sequence<Is...>, unsigned Small,
                       unsigned Mask, unsigned Lane, unsigned Rank,
                       unsigned Lanes, dim3 Grid, dim3 Block,
                       const Args &...Arguments) {
  const unsigned Owners = detail::ballotIn(Mask, Small != 0);
  if (!Owners)
    return;
  const unsigned Below = Mask & ((1u << Lane) - 1);
  unsigned Start = 0, Size = 0;
  for (unsigned Bit = 0; Bit < 5; ++Bit) {
    const unsigned Set = detail::ballotIn(Mask, (Small >> Bit) & 1);
    Start += unsigned(__popc(Set & Below)) << Bit;
    Size += unsigned(__popc(Set)) << Bit;
  }
// Every lane of the mask takes part in every turn's shuffles; those past
// the end of the range run nothing in the last turn.
#pragma unroll 1
  for (unsigned Turn = 0; Turn < Size; Turn += Lanes) {
    const unsigned Position = Turn + Rank;
    const unsigned Owner = ownerOf(Position, Start, Owners, Mask, Lane);
    const unsigned OwnerStart = __shfl_sync(Mask, Start, Owner);
    const dim3 G = shapeFromLane<Linear>(Grid, Owner, Mask);
    const dim3 B = shapeFromLane<Linear>(Block, Owner, Mask);
    auto Run = [&](const auto &...Owned) {
      if (Position < Size)
        runThread<Thread, Linear>(Position - OwnerStart, G, B, Owned...);
    };
    Run(argumentOf<Same, Is>(Arguments, Owner, Mask)...);
  }
}

/// The threads of the grid that a serial run need run when the child
/// returns at once from every thread whose x index (blockIdx.x *
/// blockDim.x + threadIdx.x) is \p Bound or more: in a one-dimensional grid
/// of one-dimensional blocks, the first \p Bound (none for a bound below
/// one); in any other shape, all of them, as there the x index does not
/// order the threads.
template <class Integer>
__device__ unsigned long long threadsBelowX(dim3 Grid, dim3 Block,
                                            Integer Bound) {
  const unsigned long long Total = threadsOf(Grid, Block);
  if (Grid.y != 1 || Grid.z != 1 || Block.y != 1 || Block.z != 1 ||
      Total > 0x7fffffffu)
    return Total;
  if constexpr (std::is_signed_v<Integer>)
    if (Bound <= 0)
      return 0;
  return (unsigned long long)Bound < Total ? (unsigned long long)Bound : Total;
}

/// The lanes of the warp that reach a serial run together, and this one's
/// place among them.
struct LanesHere {
  /// The lanes here now (`__activemask()`).
  __device__ LanesHere() {
#ifdef __CUDA_ARCH__
    *this = LanesHere(__activemask());
#endif
  }
  /// The lanes of \p Lanes, which include this one.
  __device__ explicit LanesHere(unsigned Lanes) : Mask(Lanes) {
    // (The host pass sees the body too, and the host has no __popc.)
#ifdef __CUDA_ARCH__
    Lane = laneId();
    Rank = __popc(Mask & ((1u << Lane) - 1));
    Count = __popc(Mask);
#endif
  }
  unsigned Mask = 0, Lane = 0;
  /// The lanes of Mask below this one, and all of them.
  unsigned Rank = 0, Count = 0;
};

/// The lanes of the warp that reach a serial run together, once no lane
/// of the warp is inside the device runtime: a serial run does not start
/// beside a call into it. A lane that ran its grids while lanes of its
/// warp were inside cudaGetParameterBufferV2 kept them there for good
/// (H200, CUDA 13.0: program fuzzer seed 8959 under --threshold, one warp
/// of a 1,024-thread parent; its tail launches' even lanes inside, the odd
/// ones waiting for the runtime turn, one even lane in the serial run of
/// the next launch). Built with only that parent launched, the run hung
/// 12 times in 30, and 0 in 30 waiting first (the whole program: 6 and
/// 0; under --coarsen too: 5 and 0). A whole warp is here, so none of it is
/// inside: it does not look.
inline __device__ LanesHere lanesOutOfRuntime() {
#ifdef __CUDA_ARCH__
  if (__activemask() != ~0u)
    detail::RuntimeTurn::awaitNoneInside();
#endif
  // Taken after the wait, which lanes may leave one by one.
  return LanesHere();
}

/// One turn per warp slot of a device, as kRuntimeTurns: the mask of the
/// group of the warp's lanes that is in a shared serial run, 0 when none is.
template <class = void>
__device__ unsigned SplitWarpTurns[detail::kRuntimeTurns];

/// Decides how a group of the warp's lanes, \p Mask, runs one serial run:
/// together, sharing the grids' threads through warp collectives, or each
/// lane its own grid alone, with none. A group that is not the whole warp
/// shares only while it holds the warp's serial turn, from construction to
/// destruction.
///
/// The lanes of a serial run share its work through shuffles and ballots
/// over the lanes that reach it together (`__activemask()`). Two groups
/// of a split warp that reach one serial run at different times may be
/// run together again inside it, each with its own mask, and a collective
/// is then not the group's alone: it read another lane's grid and
/// arguments wrong in the program fuzzer (seed 3215 under --threshold,
/// seed 3010 over warp aggregation, on an H200), as an atomic at a wild or
/// misaligned address in the child's body (compute-sanitizer). Masks cut
/// back to the caller's (ballotIn) did not mend it; one group at a time
/// in the run did. A whole warp takes no turn: no other group of it is
/// anywhere.
///
/// A group that finds the turn held by lanes of its own runs alone: it is
/// inside their run (a child's serial copy that launches a grandchild),
/// and waiting would wait forever. One that finds another group there
/// waits for it. The group's leader takes the turn, and every lane then
/// reads from the turn, not from a collective, whether the group holds it
/// (its own mask there), so that all of them agree.
class SplitWarpTurn {
  unsigned *Turn = nullptr;
  unsigned Mask;
  bool Together = true;
  bool Took = false;

public:
  __device__ explicit SplitWarpTurn(unsigned Lanes) : Mask(Lanes) {
#ifdef __CUDA_ARCH__
    if (Mask == ~0u)
      return;
    Turn = &SplitWarpTurns<>[detail::warpSlotIndex()];
    if (laneId() == unsigned(__ffs(Mask) - 1))
      for (;;) {
        const unsigned Held = atomicCAS(Turn, 0u, Mask);
        Took = Held == 0u;
        if (Took || (Held & Mask) != 0u)
          break;
        __nanosleep(32);
      }
    // The leader's compare-and-swap before every lane's read.
    __syncwarp(Mask);
    Together = *static_cast<volatile unsigned *>(Turn) == Mask;
#endif
  }
  /// Whether the lanes share their run; else each runs its grid alone.
  __device__ bool together() const { return Together; }
  __device__ ~SplitWarpTurn() {
#ifdef __CUDA_ARCH__
    if (!Turn || !Together)
      return;
    // Every lane done with the group's collectives before it goes.
    __syncwarp(Mask);
    if (Took)
      atomicExch(Turn, 0u);
#endif
  }
  SplitWarpTurn(const SplitWarpTurn &) = delete;
  SplitWarpTurn &operator=(const SplitWarpTurn &) = delete;
};

/// The first \p Count threads of this lane's grid \p Grid of \p Block, in
/// this lane alone, with no warp collective (SplitWarpTurn).
template <auto Thread, bool Linear, class... Args>
__device__ void firstAlone(unsigned long long Count, dim3 Grid, dim3 Block,
                           const Args &...Arguments) {
  forThreadsFrom(0, 1, Count, [&](auto T) {
    runThread<Thread, Linear>(T, Grid, Block, Arguments...);
  });
}

/// byWarpFirst for the lanes \p Here, which run together (SplitWarpTurn).
template <auto Thread, unsigned long long Same, bool Linear, class... Args>
__device__ void firstInLanes(const LanesHere &Here, unsigned long long Count,
                             dim3 Grid, dim3 Block, const Args &...Arguments) {
  const auto [Mask, Lane, Rank, Lanes] = Here;
  const auto Indices = std::index_sequence_for<Args...>();
  if constexpr (Same != 0)
    if (!allSameInLanes<Same>(Indices, Mask, Arguments...))
      return firstAlone<Thread, Linear>(Count, Grid, Block, Arguments...);
#ifdef CDP_SERIAL_IN_TURN
  const bool Packs = false;
#else
  const bool Packs = Count < Lanes;
#endif
  inTurns<Thread, Same, Linear>(
      Indices, detail::ballotIn(Mask, !Packs && Count != 0), Mask, Rank, Lanes,
      Count, Grid, Block, Arguments...);
  packed<Thread, Same, Linear>(Indices, Packs ? unsigned(Count) : 0u, Mask,
                               Lane, Rank, Lanes, Grid, Block, Arguments...);
}

/// Runs the first \p Count threads of the small grids of the lanes that
/// reach this call together: each lane's \p Grid of \p Block threads with
/// its \p Arguments, as calls `Thread(blockIdx, threadIdx, gridDim,
/// blockDim, arguments...)`. The grid and block are dim3 or, as the launch
/// wrote them, numbers (IsLinear).
template <auto Thread, unsigned long long Same = 0, class GridShape,
          class BlockShape, class... Args>
__device__ void byWarpFirst(unsigned long long Count, GridShape GridAsWritten,
                            BlockShape BlockAsWritten,
                            const Args &...Arguments) {
  constexpr bool Linear = IsLinear<GridShape, BlockShape>;
  const LanesHere Here = lanesOutOfRuntime();
  const SplitWarpTurn Turn(Here.Mask);
  if (Turn.together())
    firstInLanes<Thread, Same, Linear>(Here, Count, dim3(GridAsWritten),
                                       dim3(BlockAsWritten), Arguments...);
  else
    firstAlone<Thread, Linear>(Count, dim3(GridAsWritten), dim3(BlockAsWritten),
                               Arguments...);
}

/// Runs every thread of the small grids of the lanes that reach this call
/// together (byWarpFirst).
template <auto Thread, unsigned long long Same = 0, class GridShape,
          class BlockShape, class... Args>
__device__ void byWarp(GridShape Grid, BlockShape Block,
                       const Args &...Arguments) {
  byWarpFirst<Thread, Same>(threadsOf(dim3(Grid), dim3(Block)), Grid, Block,
                            Arguments...);
}

} // namespace serial

/// --coarsen=<factor>: each block of a child grid runs several blocks of
/// the grid the launch asked for, one after another, as calls of the
/// child's body for one thread (`child_thread`) with the block's index
/// mapped. A launch of `child_coarsened`, whose first parameter is the
/// grid asked for.
namespace coarse {

template <class T> struct Identity {
  using type = T;
};

/// Runs the blocks of \p Grid that this block stands for: blockIdx.x, then
/// every gridDim.x-th after it, so that the blocks running at once read
/// neighbouring data, as they would have. Every thread of the block runs
/// the same ones, so the child's barriers still meet, and a barrier
/// between two blocks keeps one's use of shared memory (the child's or a
/// function's it calls) from the next's.
template <auto Thread, class... Args>
__device__ void blocks(dim3 Grid, const Args &...Arguments) {
  for (unsigned X = blockIdx.x; X < Grid.x; X += gridDim.x) {
    if (X != blockIdx.x)
      __syncthreads();
    Thread(uint3{X, blockIdx.y, blockIdx.z}, threadIdx, Grid, blockDim,
           Arguments...);
  }
}

/// \p Config with \p Factor times fewer blocks along x.
template <unsigned Factor>
CDP_LAUNCH_PATH __device__ LaunchConfig coarsened(LaunchConfig Config) {
  static_assert(Factor > 1, "cdp: a coarsening factor is at least 2");
  Config.Grid.x = Config.Grid.x / Factor + (Config.Grid.x % Factor != 0);
  return Config;
}

/// Launches \p Kernel (a `child_coarsened`) for the grid of \p Config with
/// \p Factor times fewer blocks along x. Each value converts to its
/// parameter's type, as in a call.
template <unsigned Factor, class... Params>
CDP_LAUNCH_PATH __device__ void
launch(void (*Kernel)(dim3, Params...), const LaunchConfig &Config,
       typename Identity<Params>::type... Values) {
  DeviceLaunch<void(dim3, Params...)>(Kernel, coarsened<Factor>(Config))
      .args(Config.Grid, Values...)
      .launch();
}

/// The same under run-time checks (cdp-lower --runtime-checks): the launch
/// is checked at \p Site as a lowered one is, its arguments counted as
/// written (the coarsened kernel's grid parameter comes first).
template <unsigned Factor, class... Params>
CDP_LAUNCH_PATH __device__ void
launch(LaunchSiteInfo *Site, void (*Kernel)(dim3, Params...),
       const LaunchConfig &Config, typename Identity<Params>::type... Values) {
  if (detail::rejectsPointers<Params...>(*Site, Values...))
    return;
  CheckedDeviceLaunch<void(dim3, Params...)>(Site, Kernel,
                                             coarsened<Factor>(Config))
      .args(Config.Grid, Values...)
      .launch();
}

} // namespace coarse

/// \p Unbounded, a copy of the kernel \p Bounded without the launch bounds
/// cdp-lower gave it, where the current device can run it with blocks as
/// large as it can run \p Bounded (its registers decide), else \p Bounded:
/// what a host launch of a bounded kernel launches. ptxas takes the bound's
/// 64 registers a thread as its target, and the copy may need far fewer.
/// Asked once per device.
template <auto *Bounded, auto *Unbounded>
__host__ auto unboundedIfLaunchable() -> decltype(Bounded) {
  constexpr int Devices = 64;
  // 0: not asked yet; 1: the bounded kernel; 2: the copy. (Host threads
  // that ask at once get the same answer.)
  static std::atomic<signed char> Choice[Devices];
  int Device = 0;
  if (cudaGetDevice(&Device) != cudaSuccess || Device < 0 || Device >= Devices)
    return Bounded;
  if (Choice[Device].load(std::memory_order_relaxed) == 0) {
    cudaFuncAttributes WithBounds{}, Without{};
    const bool Fits =
        cudaFuncGetAttributes(&WithBounds, Bounded) == cudaSuccess &&
        cudaFuncGetAttributes(&Without, Unbounded) == cudaSuccess &&
        Without.maxThreadsPerBlock >= WithBounds.maxThreadsPerBlock;
    Choice[Device].store(Fits ? 2 : 1, std::memory_order_relaxed);
  }
  return Choice[Device].load(std::memory_order_relaxed) == 2 ? Unbounded
                                                             : Bounded;
}
#endif // C++17

} // namespace cdp

#if __cplusplus >= 201703L
  // Serial runs of children with barriers (--threshold), and serial runs at
  // the end of the launching thread (--optimize).
#include "cdp/detail/serial-later.cuh"
#include "cdp/detail/serial-phases.cuh"
#endif

#endif // CDP_LAUNCH_CUH
