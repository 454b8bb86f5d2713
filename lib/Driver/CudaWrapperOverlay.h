//===- CudaWrapperOverlay.h - clang's CUDA wrapper, as nvcc's ---*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// clang's __clang_cuda_runtime_wrapper.h defines device-side std::malloc
// and std::free as functions of their own, beside ::malloc and ::free, so
// `malloc(n)` in device code under `using namespace std;` is ambiguous to
// clang; nvcc, whose std::malloc is ::malloc, builds it (NPSLab's bfs-rec
// and sssp). The parse reads a copy of the wrapper in which std's names
// are using-declarations of ::malloc and ::free: one entity each, as for
// nvcc. The lowered output, which nvcc compiles, is not affected.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_CUDAWRAPPEROVERLAY_H
#define CDP_LOWER_DRIVER_CUDAWRAPPEROVERLAY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace cdp {

/// The text of the wrapper with std::malloc and std::free as ::malloc and
/// ::free.
std::optional<std::string> wrapperWithStdAllocation(llvm::StringRef Wrapper);

struct WrapperOverlay {
  std::string Path; ///< The wrapper that clang includes.
  std::string Text; ///< What the parse reads instead.
};

/// The overlay for a parse by \p CommandLine (its -resource-dir, else the
/// tool's), read once per resource directory; nothing when the wrapper is
/// not there or does not have the definitions this replaces (another
/// clang: the parse then reads it as it is).
const WrapperOverlay *
cudaWrapperOverlay(llvm::ArrayRef<std::string> CommandLine);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_CUDAWRAPPEROVERLAY_H
