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
// nvcc.
//
// The wrapper also includes the toolkit's headers by quoted names
// (`#include "cuda.h"`), which a project's -I directory can shadow:
// darknet (utcs-scea/altis's yolo) has a src/cuda.h of its own, and clang
// stopped at "cuda.h did not define CUDA_VERSION" where nvcc, whose
// toolkit headers include each other from their own directory, builds
// it. The copy names those headers by their paths in the toolkit.
// The lowered output, which nvcc compiles, is not affected.
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

/// The text of the wrapper with each `#include "X"` of a header that
/// \p CudaInclude (the toolkit's include directory) has naming it by its
/// path there; nothing when it includes none.
std::optional<std::string> wrapperWithToolkitPaths(llvm::StringRef Wrapper,
                                                   llvm::StringRef CudaInclude);

struct WrapperOverlay {
  std::string Path; ///< The wrapper that clang includes.
  std::string Text; ///< What the parse reads instead.
};

/// The overlay for a parse by \p CommandLine (its -resource-dir, else the
/// tool's, and its --cuda-path), read once per pair; nothing when the
/// wrapper is not there or has nothing this replaces (another clang: the
/// parse then reads it as it is).
const WrapperOverlay *
cudaWrapperOverlay(llvm::ArrayRef<std::string> CommandLine);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_CUDAWRAPPEROVERLAY_H
