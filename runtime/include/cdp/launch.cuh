//===- cdp/launch.cuh - Device runtime for code lowered by cdp-lower ------===//
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
// `.launch()` launches. C++17 sequences a postfix chain left to right, so the
// configuration and the arguments are evaluated once each, in source order.
// When the parameter types depend on a template parameter, cdp-lower omits
// the offsets (`.arg(a)`) and they are computed here, by the same rule.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LAUNCH_CUH
#define CDP_LAUNCH_CUH

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>

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

/// Offsets, buffer size and alignment of a kernel's parameters.
template <class... Params> struct ParamLayout {
  static constexpr std::size_t count = sizeof...(Params);

  /// Offset of parameter `Index`; `offset(count)` is the buffer size.
  __host__ __device__ static constexpr std::size_t offset(std::size_t Index) {
    // A trailing (size 0, align 1) entry makes `offset(count)` the end.
    const std::size_t Sizes[] = {sizeof(Params)..., 0};
    const std::size_t Aligns[] = {alignof(Params)..., 1};
    std::size_t End = 0;
    for (std::size_t I = 0;; ++I) {
      std::size_t Begin =
          alignTo(kParamAlignmentBase + End, Aligns[I]) - kParamAlignmentBase;
      if (I == Index)
        return Begin;
      End = Begin + Sizes[I];
    }
  }

  static constexpr std::size_t size = offset(count);

  /// The alignment argument of cudaGetParameterBuffer: the largest one.
  static constexpr std::size_t alignment = [] {
    const std::size_t Aligns[] = {alignof(Params)..., 1};
    std::size_t Max = 1;
    for (std::size_t A : Aligns)
      Max = A > Max ? A : Max;
    return Max;
  }();
};

namespace detail {

template <std::size_t Index, class... Types> struct TypeAt {
  /// Past the last parameter: a type no argument converts to.
  struct NoSuchParameter {
    NoSuchParameter() = delete;
  };
  using type = NoSuchParameter;
};
template <class First, class... Rest> struct TypeAt<0, First, Rest...> {
  using type = First;
};
template <std::size_t Index, class First, class... Rest>
struct TypeAt<Index, First, Rest...> : TypeAt<Index - 1, Rest...> {};

/// The V1 pair (cudaGetParameterBuffer + cudaLaunchDevice) rejects the
/// reserved stream handles with cudaErrorInvalidValue and the child never
/// runs (measured; see README "Streams"). Only the V2 pair runs them. The
/// reserved handles are small integers (legacy 0x1, per-thread 0x2, tail 0x3,
/// fire-and-forget 0x4) and the device-graph streams (top byte set); a null
/// stream or a handle from cudaStreamCreateWithFlags is an ordinary pointer.
///
/// The null stream goes through V2 as well: one thread issuing a long run of
/// V1 launches into it reaches only 0.72x the rate of nvcc's V2 launches,
/// while V2 is on par (docs/benchmarks.md); V1 stays for created streams,
/// where it is the faster. CDP_LAUNCH_NULL_STREAM_V1 restores V1 for the null
/// stream, to measure the difference.
__device__ inline bool usesLaunchV2(cudaStream_t Stream) {
  auto Handle = reinterpret_cast<std::uintptr_t>(Stream);
#ifdef CDP_LAUNCH_NULL_STREAM_V1
  if (Handle == 0)
    return false;
#endif
  return Handle <= 0x4 || (Handle >> 56) != 0;
}

} // namespace detail

/// `shmem` of `<<<>>>` converts to size_t as in the original launch (no
/// narrowing error for an `int` variable inside the braced configuration).
struct SharedMemBytes {
  __host__ __device__ SharedMemBytes(std::size_t Bytes) : Bytes(Bytes) {}
  std::size_t Bytes;
};

/// The four operands of `<<<grid, block, shmem, stream>>>`, in that order.
struct LaunchConfig {
  dim3 Grid;
  dim3 Block;
  SharedMemBytes SharedMem = 0;
  cudaStream_t Stream = 0;
};

//===----------------------------------------------------------------------===//
// Run-time checks (cdp-lower --runtime-checks). Where the memory space of a
// pointer argument cannot be known at compile time, the lowered launch asks
// the hardware: a pointer a child may use points to global (or constant)
// memory. Any other pointer skips the launch and is reported once per site.
//===----------------------------------------------------------------------===//

/// One launch site under run-time checks; one static instance per site.
struct LaunchSiteInfo {
  const char *File;
  unsigned Line;
  const char *Kernel;
  unsigned Reported; ///< Set by the first failing check at this site.
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
constexpr bool IsDataPointer =
    std::is_pointer_v<T> && !std::is_function_v<std::remove_pointer_t<T>>;

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

__device__ inline void reportForbiddenPointer(LaunchSiteInfo &Site,
                                              unsigned ArgIndex,
                                              const char *Space) {
  if (atomicExch(&Site.Reported, 1u) == 0)
    printf("%s:%u: cdp runtime check: argument %u of the launch of '%s' "
           "points to %s memory; the launch is skipped\n",
           Site.File, Site.Line, ArgIndex, Site.Kernel, Space);
}

} // namespace detail

/// One device-side launch of a kernel of type `void(Params...)`, with
/// `Packed` arguments stored so far. See the file comment for its use.
template <class Kernel, std::size_t Packed = 0> class DeviceLaunch;

template <class... Params, std::size_t Packed>
class DeviceLaunch<void(Params...), Packed> {
  using Layout = ParamLayout<Params...>;
  using NextParam = typename detail::TypeAt<Packed, Params...>::type;
  using KernelPtr = void (*)(Params...);

  static_assert(Layout::size <= kParamBufferLimit,
                "cdp: the kernel's parameters exceed the 4 KB parameter "
                "buffer of a device-side launch");

  template <class, std::size_t> friend class DeviceLaunch;

  KernelPtr Kernel;
  LaunchConfig Config;
  bool UseV2;
  /// Null when the device runtime could not provide a buffer; the launch is
  /// then skipped and the error stays where cudaGetLastError() finds it.
  void *Buffer;
  /// Set by checkPointers(): pointer arguments are tested on the way in.
  LaunchSiteInfo *Site = nullptr;
  /// A pointer argument failed its run-time check: do not launch.
  bool Rejected = false;

  __device__ DeviceLaunch(KernelPtr Kernel, const LaunchConfig &Config,
                          bool UseV2, void *Buffer, LaunchSiteInfo *Site,
                          bool Rejected)
      : Kernel(Kernel), Config(Config), UseV2(UseV2), Buffer(Buffer),
        Site(Site), Rejected(Rejected) {}

public:
  __device__ DeviceLaunch(KernelPtr Kernel, const LaunchConfig &Config)
      : Kernel(Kernel), Config(Config),
        UseV2(detail::usesLaunchV2(Config.Stream)), Buffer(nullptr) {
    if (UseV2)
      Buffer = cudaGetParameterBufferV2(
          reinterpret_cast<void *>(Kernel), Config.Grid, Config.Block,
          static_cast<unsigned>(Config.SharedMem.Bytes));
    else if (Layout::size != 0)
      Buffer = cudaGetParameterBuffer(Layout::alignment, Layout::size);
  }

  /// Tests every pointer argument that follows (cdp-lower --runtime-checks).
  /// A pointer into local or shared memory is reported once per site and
  /// the launch is skipped; its parameter buffer is then never launched.
  __device__ DeviceLaunch checkPointers(LaunchSiteInfo *LaunchSite) && {
    return {Kernel, Config, UseV2, Buffer, LaunchSite, Rejected};
  }

  /// Converts `Value` to the next parameter's type, as a call would, and
  /// stores it at `Offset`. cdp-lower writes the offset it computed; the
  /// default is this header's own computation, used for dependent types and
  /// for layouts that differ between architectures.
  template <std::size_t Offset = Layout::offset(Packed)>
  __device__ DeviceLaunch<void(Params...), Packed + 1>
  arg(NextParam Value) && {
    static_assert(Packed < Layout::count,
                  "cdp: more arguments than the kernel has parameters");
    static_assert(Offset == Layout::offset(Packed),
                  "cdp: cdp-lower and cdp/launch.cuh disagree on the "
                  "parameter layout; lower again with this runtime");
    bool Reject = Rejected;
    if constexpr (detail::IsDataPointer<NextParam>) {
      if (Site) {
        if (const char *Space = detail::forbiddenSpaceOf((const void *)Value)) {
          detail::reportForbiddenPointer(*Site, Packed + 1, Space);
          Reject = true;
        }
      }
    }
    if (Buffer) {
      // Saying how aligned the buffer is turns the copy into stores of the
      // parameter's width instead of one byte store per byte.
      void *Slot = static_cast<char *>(__builtin_assume_aligned(
                       Buffer, kParamBufferAlign)) + Offset;
      std::memcpy(Slot, &Value, sizeof(NextParam));
    }
    return {Kernel, Config, UseV2, Buffer, Site, Reject};
  }

  /// Launches the child grid. Like `<<<>>>`, the result is not returned:
  /// errors are recorded for cudaGetLastError().
  __device__ void launch() && {
    static_assert(Packed == Layout::count,
                  "cdp: fewer arguments than the kernel has parameters");
    if (Rejected)
      return;
    if (UseV2) {
      if (Buffer)
        cudaLaunchDeviceV2(Buffer, Config.Stream);
      return;
    }
    if (Buffer || Layout::size == 0)
      cudaLaunchDevice(reinterpret_cast<void *>(Kernel), Buffer, Config.Grid,
                       Config.Block,
                       static_cast<unsigned>(Config.SharedMem.Bytes),
                       Config.Stream);
  }
};

/// Lets dependent launches write `cdp::DeviceLaunch(k<T>, {...})`.
template <class... Params>
DeviceLaunch(void (*)(Params...), const LaunchConfig &)
    -> DeviceLaunch<void(Params...), 0>;

} // namespace cdp

#endif // CDP_LAUNCH_CUH
