//===- DeviceOnlyCode.h - Code that only nvcc's device pass sees -*- C++ -*-=//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// nvcc preprocesses a .cu file twice: for the host, without __CUDA_ARCH__,
// and for the device. Its host pass checks every template's body it sees;
// its device pass checks only the templates it instantiates (measured with
// CUDA 13.0: a syntax error in a template nothing instantiates is reported
// when the host pass sees it, and not under `#ifdef __CUDA_ARCH__`). The
// branches a device parse takes and the host's does not are recorded
// here: `#ifdef __CUDA_ARCH__`, the `#else` of `#ifndef __CUDA_ARCH__`,
// and `#if`/`#elif` conditions that require `defined(__CUDA_ARCH__)` (no
// `!` or `||` in them), each with everything nested in it.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_DEVICEONLYCODE_H
#define CDP_LOWER_CUDAAST_DEVICEONLYCODE_H

#include "clang/Basic/SourceLocation.h"

#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
} // namespace clang

namespace cdp {

class DeviceOnlyCode {
public:
  /// Starts recording from \p PP into this object, which must outlive the
  /// preprocessing.
  void recordFrom(clang::Preprocessor &PP);

  /// Whether \p Loc (where its text is written) is in a branch that only
  /// the device pass takes.
  bool contains(clang::SourceLocation Loc) const;

private:
  class Recorder;
  const clang::SourceManager *SM = nullptr;
  /// File locations of one file each, from the branch's directive to the
  /// directive that ends it.
  std::vector<clang::SourceRange> Branches;
};

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_DEVICEONLYCODE_H
