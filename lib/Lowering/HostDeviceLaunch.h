//===- HostDeviceLaunch.h - A launch in a __host__ __device__ fn -*- C++
//-*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// nvcc compiles a __host__ __device__ function twice: in the device
// compilation its launch is a device-side launch, in the host compilation a
// host launch. The lowered launch takes the device branch, the original the
// host one:
//
//   #ifdef __CUDA_ARCH__
//     cdp::DeviceLaunch<void(int *)>(child, {1, 1}).arg<0>(p).launch();
//   #else
//     child<<<1, 1>>>(p);
//   #endif
//   #line 14
//
// Preprocessor lines need a statement of their own around them, so the
// launch must be one; `#line` keeps the lines after it numbered as in the
// input.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_HOSTDEVICELAUNCH_H
#define CDP_LOWER_LOWERING_HOSTDEVICELAUNCH_H

#include "Lowering/LaunchTokens.h"

#include "clang/Basic/SourceLocation.h"

#include <optional>
#include <string>

namespace cdp {

class LaunchSite;

/// The text around the lowered launch: `#ifdef __CUDA_ARCH__` before it,
/// and after it the host's branch, the launch as written.
struct HostDeviceBranches {
  clang::SourceLocation IfdefAt;
  std::string Ifdef;
  clang::SourceLocation ElseAt;
  std::string Else;
};

/// The branches around the launch at \p Tokens; nothing, after reporting,
/// when the launch is not a statement of its own.
std::optional<HostDeviceBranches>
hostDeviceBranches(LaunchSite &Site, const LaunchTokens &Tokens);

/// Reports that a launch in a __host__ __device__ function is lowered only
/// as a statement of its own, outside any macro body.
void reportHostDeviceLaunchNotStatement(LaunchSite &Site);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_HOSTDEVICELAUNCH_H
