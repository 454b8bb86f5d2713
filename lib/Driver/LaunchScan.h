//===- LaunchScan.h - Proving a file has nothing to lower -------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Most sources of a CUDA project launch nothing from the device and call
// nothing of the device runtime. As a compiler launcher (cdp-nvcc), the tool
// would still parse each of them once per GPU architecture, about as long
// as nvcc takes to compile them. A cheaper proof serves instead: the
// preprocessor alone finds the files a source reads, and the text of each
// one that is not a system header is lexed whole, every conditional branch
// included. When none of them holds launch chevrons or a name the checks,
// the migration or the lowering look at, and none tests __CUDA_ARCH__ (so
// that no architecture reads another file), a parse would change nothing.
//
// When they do hold something, but nothing that depends on the
// architecture (__CUDA_ARCH__'s value, nv/target's NV_IF_TARGET, PDL, whose
// checks are about architectures), one parse gives what the parse of each
// architecture would, with nvcc's flags or clang's (a CMake build names
// eight architectures by default): the same text, every launch with the same
// offsets (a layout that differs between architectures is left to the runtime,
// and each lowered launch static_asserts its offsets in every nvcc pass).
//
// The same read says whether a check may follow a kernel's calls into a
// system header's function bodies, which the parse otherwise skips
// (Driver/SystemBodySkipping.h).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_LAUNCHSCAN_H
#define CDP_LOWER_DRIVER_LAUNCHSCAN_H

#include "Driver/FileRun.h"

#include <optional>
#include <string>
#include <vector>

namespace cdp {

struct LaunchScan {
  enum {
    NothingToLower,           ///< No parse needed.
    SameForEveryArchitecture, ///< One parse serves every architecture.
    PerArchitecture,          ///< Each architecture needs its own parse.
  } Need = PerArchitecture;
  /// Whether a check that follows a kernel's calls into system headers
  /// may run: the files name PDL (its API, <cdp/pdl.cuh>'s markers or its
  /// instructions), whose checks look for the wait in the CUDA headers'
  /// wrappers too, or cooperative groups, whose calls the lowering reads
  /// to find whether a launch is alone in its warp. (The aggregation,
  /// --threshold and the migration stop at a system header's functions.)
  bool FollowsCalls = true;
  /// The files read (absolute, sorted, system headers left out).
  std::vector<std::string> Files;
};

/// What the text of the files \p Parse reads proves; std::nullopt when
/// the preprocessor fails (the parse then reports why).
std::optional<LaunchScan> scanForLowering(const FileParse &Parse);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_LAUNCHSCAN_H
