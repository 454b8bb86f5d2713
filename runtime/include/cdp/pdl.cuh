//===- cdp/pdl.cuh - Markers for Programmatic Dependent Launch -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Header-only, host-side. A host launch becomes a Programmatic Dependent
// Launch (PDL, CUDA Programming Guide 4.5, sm_90 and later) by wrapping its
// stream in one of these markers:
//
//   primary<<<grid, block>>>(in, tmp);
//   secondary<<<grid, block, 0, cdp::pdl::streamSerialization(stream)>>>(tmp);
//
//   producer<<<grid, block, 0,
//              cdp::pdl::programmaticEvent(stream, event, 1)>>>(buf);
//
// cdp-lower rewrites a marked launch into a cudaLaunchConfig_t with the
// matching cudaLaunchAttribute and a cudaLaunchKernelEx call. Unlowered, the
// source still compiles with nvcc and keeps its meaning, without the
// overlap: the marker is the stream itself, so the launch is fully
// serialized, and programmaticEvent records the event after the kernel,
// which is later than the attribute would (and so always safe to wait on).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_PDL_CUH
#define CDP_PDL_CUH

#include <cuda_runtime.h>

namespace cdp {
namespace pdl {

/// Marks a launch as a PDL secondary of the previous kernel in \p Stream:
/// cudaLaunchAttributeProgrammaticStreamSerialization. The kernel must call
/// cudaGridDependencySynchronize() before it reads the previous kernel's
/// results.
inline __host__ cudaStream_t streamSerialization(cudaStream_t Stream) {
  return Stream;
}

/// The stream of a launch marked with programmaticEvent(). Unlowered, it
/// records the event on the stream once the launch is enqueued: at the end of
/// the full expression, when this temporary is destroyed.
class ProgrammaticEventStream {
public:
  __host__ ProgrammaticEventStream(cudaStream_t Stream, cudaEvent_t Event)
      : Stream(Stream), Event(Event) {}
  /// Before C++17, returning one may move it: the moved-from one records
  /// nothing.
  __host__ ProgrammaticEventStream(ProgrammaticEventStream &&Other)
      : Stream(Other.Stream), Event(Other.Event) {
    Other.Event = nullptr;
  }
  ProgrammaticEventStream(const ProgrammaticEventStream &) = delete;
  ProgrammaticEventStream &operator=(const ProgrammaticEventStream &) = delete;
  __host__ ~ProgrammaticEventStream() {
    if (Event)
      cudaEventRecord(Event, Stream);
  }

  __host__ operator cudaStream_t() const { return Stream; }

private:
  cudaStream_t Stream;
  cudaEvent_t Event;
};

/// Marks a launch in \p Stream as a PDL primary whose programmatic event is
/// \p Event: cudaLaunchAttributeProgrammaticEvent. The event triggers once
/// every block has called cudaTriggerProgrammaticLaunchCompletion() (or
/// exited), or, with \p TriggerAtBlockStart non-zero, as each block starts.
inline __host__ ProgrammaticEventStream programmaticEvent(
    cudaStream_t Stream, cudaEvent_t Event, int TriggerAtBlockStart = 0) {
  (void)TriggerAtBlockStart;
  return ProgrammaticEventStream(Stream, Event);
}

} // namespace pdl
} // namespace cdp

#endif // CDP_PDL_CUH
