//===- DeviceStreamFlagsCheck.cpp - Streams and events made on the GPU ----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-device-stream-flags. The device runtime creates only non-blocking
// streams ("cudaStreamNonBlocking flag is required") and events without
// timing ("cudaEventDisableTiming flag is required"); cudaStreamCreate is
// host-only. Each message names the flag, with a fix-it where the flags are
// a constant that can simply be replaced.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "CudaAST/RuntimeCalls.h"
#include "CudaAST/WrittenText.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

struct RequiredFlag {
  StringRef Function;
  StringRef Flag;
  uint64_t Value;
};
constexpr RequiredFlag RequiredFlags[] = {
    {"cudaStreamCreateWithFlags", "cudaStreamNonBlocking",
     CudaStreamNonBlocking},
    {"cudaEventCreateWithFlags", "cudaEventDisableTiming",
     CudaEventDisableTiming},
};

class DeviceStreamFlagsCheck : public RuntimeCallCheck {
public:
  DeviceStreamFlagsCheck(StringRef Name, CheckContext &Context)
      : RuntimeCallCheck(Name, Context,
                         {"cudaStreamCreate", "cudaStreamCreateWithFlags",
                          "cudaEventCreateWithFlags"},
                         Side::Device) {}

private:
  void checkCall(const RuntimeCall &Call) override {
    if (Call.Name == "cudaStreamCreate") {
      std::string StreamArg = "&stream";
      if (Call.Args.size() == 1)
        StreamArg =
            writtenText(Call.Args[0]->getSourceRange(), Context.sourceManager(),
                        Context.ast().getLangOpts());
      diag(Call.Call->getBeginLoc(),
           "cudaStreamCreate is host-only; in device code create the stream "
           "with cudaStreamCreateWithFlags(%0, cudaStreamNonBlocking): the "
           "device runtime has only non-blocking streams")
          << StreamArg << Call.Call->getSourceRange();
      return;
    }
    for (const RequiredFlag &Required : RequiredFlags)
      if (Call.Name == Required.Function && Call.Args.size() == 2)
        checkFlags(Call, Required);
  }

  void checkFlags(const RuntimeCall &Call, const RequiredFlag &Required) {
    const Expr *Flags = Call.Args[1];
    Expr::EvalResult Value;
    if (Flags->isValueDependent() ||
        !Flags->EvaluateAsInt(Value, Context.ast()))
      return; // Computed at run time: nothing to say for sure.
    uint64_t Bits = Value.Val.getInt().getZExtValue();
    if (Bits & Required.Value)
      return;
    auto Diag = diag(Flags->getBeginLoc(),
                     "%0 in device code requires the %1 flag: the device "
                     "runtime supports no other kind; pass %1");
    Diag << Call.Name << Required.Flag << Flags->getSourceRange();
    if (Bits == 0 && !Flags->getBeginLoc().isMacroID())
      Diag << FixItHint::CreateReplacement(Flags->getSourceRange(),
                                           Required.Flag);
    else if (Bits == 0)
      Diag << FixItHint::CreateReplacement(
          Context.sourceManager().getExpansionRange(Flags->getSourceRange()),
          Required.Flag);
  }
};

} // namespace

std::unique_ptr<Check> createDeviceStreamFlagsCheck(StringRef Name,
                                                    CheckContext &Context) {
  return std::make_unique<DeviceStreamFlagsCheck>(Name, Context);
}

} // namespace cdp
