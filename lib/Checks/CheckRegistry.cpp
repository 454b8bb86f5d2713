//===- CheckRegistry.cpp - Every check, its name and its default ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Checks/CheckRegistry.h"

#include "Checks/CheckFactories.h"

namespace cdp {

llvm::ArrayRef<CheckInfo> allChecks() {
  // The guides call each of these illegal or unsupported, so they are errors
  // unless said otherwise; only the style checks are off by default.
  static const CheckInfo Checks[] = {
      {"cdp-local-pointer", createLocalPointerCheck, CheckLevel::Error,
       "pointer to the parent's local memory passed to a child grid or a "
       "device-side memcpy/memset"},
      {"cdp-shared-pointer", createSharedPointerCheck, CheckLevel::Error,
       "pointer to __shared__ memory passed to a child grid or a device-side "
       "memcpy/memset"},
      {"cdp-device-synchronize", createDeviceSynchronizeCheck,
       CheckLevel::Error, "cudaDeviceSynchronize() in device code under CDP2"},
      {"cdp-sync-depth-limit", createSyncDepthLimitCheck, CheckLevel::Error,
       "cudaLimitDevRuntimeSyncDepth set on the host under CDP2"},
      {"cdp-cdp1-stream", createCdp1StreamCheck, CheckLevel::Error,
       "cudaStreamTailLaunch or cudaStreamFireAndForget under CDP1"},
      {"cdp-host-device-launch", createHostDeviceLaunchCheck, CheckLevel::Off,
       "kernel launch in a __host__ __device__ function (a device-side "
       "launch on the GPU, a host launch on the CPU)"},
      {"cdp-device-stream-flags", createDeviceStreamFlagsCheck,
       CheckLevel::Error,
       "device-side stream or event created without the flags the device "
       "runtime requires"},
      {"cdp-special-stream-event", createSpecialStreamEventCheck,
       CheckLevel::Error,
       "event recorded on, or awaited by, the tail-launch or "
       "fire-and-forget stream"},
      {"cdp-host-only-api", createHostOnlyApiCheck, CheckLevel::Error,
       "host-only CUDA runtime function called in device code"},
      {"cdp-unchecked-launch", createUncheckedLaunchCheck, CheckLevel::Off,
       "device-side launch whose error is never read"},
      {"cdp-pdl-device-launch", createPdlDeviceLaunchCheck, CheckLevel::Error,
       "programmatic dependent launch marker on a device-side launch"},
      {"cdp-pdl-missing-sync", createPdlMissingSyncCheck, CheckLevel::Error,
       "PDL secondary kernel with a path that never calls "
       "cudaGridDependencySynchronize()"},
      {"cdp-pdl-read-before-sync", createPdlReadBeforeSyncCheck,
       CheckLevel::Error,
       "PDL secondary kernel that reads global memory before "
       "cudaGridDependencySynchronize()"},
      {"cdp-pdl-sync-compiled-out", createPdlSyncCompiledOutCheck,
       CheckLevel::Error,
       "cudaGridDependencySynchronize() of a PDL secondary removed by the "
       "preprocessor for an sm_90+ target, or from the PTX that sm_90+ GPUs "
       "JIT-compile"},
      {"cdp-pdl-unsupported-arch", createPdlUnsupportedArchCheck,
       CheckLevel::Error,
       "griddepcontrol (the PDL device functions) compiled for a target "
       "below sm_90"},
      {"cdp-pdl-restrict-load", createPdlRestrictLoadCheck, CheckLevel::Warning,
       "__restrict__ or __ldg load in a PDL secondary that may be moved above "
       "the wait"},
      {"cdp-pdl-early-trigger", createPdlEarlyTriggerCheck, CheckLevel::Remark,
       "primary writes, after its trigger, memory the PDL secondary reads"},
  };
  return Checks;
}

llvm::StringRef closestCheck(llvm::StringRef Name) {
  // clang's rule for warning options: at most a third of the name edited.
  unsigned Best = (Name.size() + 2) / 3 + 1;
  llvm::StringRef Closest;
  for (const CheckInfo &Check : allChecks()) {
    unsigned Distance = Name.edit_distance(Check.Name, /*AllowReplacements=*/
                                           true, Best);
    if (Distance < Best) {
      Best = Distance;
      Closest = Check.Name;
    }
  }
  return Closest;
}

std::string didYouMeanCheck(llvm::StringRef Name) {
  llvm::StringRef Closest = closestCheck(Name);
  if (Closest.empty())
    return "";
  return ("; did you mean '" + Closest + "'?").str();
}

} // namespace cdp
