//===- HostDeviceLaunchCheck.cpp - Launches in __host__ __device__ code ---===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-host-device-launch. A __host__ __device__ function is compiled for
// both sides, and the device-side launch API exists only on one of them, so
// cdp-lower cannot give such a launch one lowering.
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
         "kernel launch in __host__ __device__ function %0: the function is "
         "compiled for both sides and device-side launches exist only in "
         "device code; launch from a __global__ or __device__ function, or "
         "from a host function")
        << Site.Function << Launch.getConfig()->getSourceRange();
  }
};

} // namespace

std::unique_ptr<Check> createHostDeviceLaunchCheck(StringRef Name,
                                                   CheckContext &Context) {
  return std::make_unique<HostDeviceLaunchCheck>(Name, Context);
}

} // namespace cdp
