//===- HostDeviceLaunchCheck.cpp - Launches in __host__ __device__ code ---===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-host-device-launch, off by default. A launch in a __host__ __device__
// function is legal: nvcc compiles the function twice, and the launch is a
// device-side launch in one compilation and a host launch in the other
// (cdp-lower lowers the device side in an `#ifdef __CUDA_ARCH__` branch).
// Code that should launch from one side only can turn this on to find
// where it does not.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "CudaAST/ExecutionSide.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

class HostDeviceLaunchCheck : public LaunchCheck {
public:
  using LaunchCheck::LaunchCheck;

private:
  void checkLaunch(const CUDAKernelCallExpr &Launch,
                   const CodeSite &Site) override {
    if (Site.Side != LaunchSide::HostDevice)
      return;
    diag(Launch.getBeginLoc(),
         "kernel launch in __host__ __device__ function %0 is a device-side "
         "launch where the function runs on the GPU and a host launch where "
         "it runs on the CPU")
        << Site.Function << Launch.getConfig()->getSourceRange();
  }
};

} // namespace

std::unique_ptr<Check> createHostDeviceLaunchCheck(StringRef Name,
                                                   CheckContext &Context) {
  return std::make_unique<HostDeviceLaunchCheck>(Name, Context);
}

} // namespace cdp
