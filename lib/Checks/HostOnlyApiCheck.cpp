//===- HostOnlyApiCheck.cpp - Host-only runtime calls in device code ------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-host-only-api. The guides list the runtime functions the device
// runtime supports; these are not among them. clang reports only "no
// matching function for call"; this names the rule and, where one exists,
// the device-side way to do the same thing.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "CudaAST/RuntimeCalls.h"

#include "llvm/ADT/STLExtras.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

struct HostOnlyFunction {
  StringRef Name;
  StringRef Instead;
};

constexpr HostOnlyFunction HostOnlyFunctions[] = {
    {"cudaStreamSynchronize",
     "device code cannot wait for a stream; launch the work that depends on "
     "it into cudaStreamTailLaunch"},
    {"cudaStreamQuery",
     "device code cannot poll a stream; order dependent work with "
     "cudaStreamWaitEvent or cudaStreamTailLaunch"},
    {"cudaEventSynchronize",
     "to order work after the event, use cudaStreamWaitEvent"},
    {"cudaEventQuery",
     "to order work after the event, use cudaStreamWaitEvent"},
    {"cudaEventElapsedTime",
     "device-side events carry no timing (they require "
     "cudaEventDisableTiming); time with clock64() or globaltimer instead"},
    {"cudaSetDevice",
     "device code runs on the device it was launched on; cudaGetDevice "
     "returns it"},
    {"cudaGetDeviceProperties",
     "query single properties with cudaDeviceGetAttribute"},
    {"cudaMemcpyToSymbol",
     "assign to the __device__ variable directly, or cudaMemcpyAsync to its "
     "address"},
    {"cudaMemcpyFromSymbol",
     "read the __device__ variable directly, or cudaMemcpyAsync from its "
     "address"},
    {"cudaGetSymbolAddress", "take the variable's address with '&'"},
    {"cudaMemcpy",
     "use cudaMemcpyAsync (device to device only) on a non-blocking stream"},
    {"cudaMemset", "use cudaMemsetAsync on a non-blocking stream"},
};

std::vector<StringRef> hostOnlyNames() {
  std::vector<StringRef> Names;
  for (const HostOnlyFunction &F : HostOnlyFunctions)
    Names.push_back(F.Name);
  return Names;
}

class HostOnlyApiCheck : public RuntimeCallCheck {
public:
  HostOnlyApiCheck(StringRef Name, CheckContext &Context)
      : RuntimeCallCheck(Name, Context, hostOnlyNames(), Side::Device) {}

private:
  void checkCall(const RuntimeCall &Call) override {
    const auto *Entry = llvm::find_if(
        HostOnlyFunctions, [&](const auto &F) { return F.Name == Call.Name; });
    if (Entry == std::end(HostOnlyFunctions))
      return;
    diag(Context.sourceManager().getExpansionLoc(Call.Call->getBeginLoc()),
         "%0 is host-only: the device runtime does not provide it; %1")
        << Call.Name << Entry->Instead << Call.Call->getSourceRange();
  }
};

} // namespace

std::unique_ptr<Check> createHostOnlyApiCheck(StringRef Name,
                                              CheckContext &Context) {
  return std::make_unique<HostOnlyApiCheck>(Name, Context);
}

} // namespace cdp
