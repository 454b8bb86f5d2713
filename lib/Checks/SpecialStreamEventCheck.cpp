//===- SpecialStreamEventCheck.cpp - Events on the tail and F&F streams ---===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-special-stream-event. The tail-launch and fire-and-forget streams
// take no events: cudaEventRecord and cudaStreamWaitEvent on them return
// cudaErrorInvalidValue (the CDP2 guide; the walkthrough in the seeds,
// section 3.1.2).
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "CudaAST/RuntimeCalls.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

class SpecialStreamEventCheck : public RuntimeCallCheck {
public:
  SpecialStreamEventCheck(StringRef Name, CheckContext &Context)
      : RuntimeCallCheck(Name, Context,
                         {"cudaEventRecord", "cudaEventRecordWithFlags",
                          "cudaStreamWaitEvent"},
                         Side::Device) {}

private:
  void checkCall(const RuntimeCall &Call) override {
    // cudaEventRecord(event, stream), cudaStreamWaitEvent(stream, event, ..).
    unsigned StreamIndex = Call.Name == "cudaStreamWaitEvent" ? 0 : 1;
    if (Call.Args.size() <= StreamIndex)
      return;
    const Expr *Stream = Call.Args[StreamIndex];
    StringRef Special = specialStreamName(*Stream, Context.ast());
    if (Special.empty())
      return;
    diag(Context.sourceManager().getExpansionLoc(Stream->getBeginLoc()),
         "%0 cannot use %1: the tail-launch and fire-and-forget streams take "
         "no events, and the call returns cudaErrorInvalidValue; use a stream "
         "created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)")
        << Call.Name << Special << Stream->getSourceRange();
  }
};

} // namespace

std::unique_ptr<Check> createSpecialStreamEventCheck(StringRef Name,
                                                     CheckContext &Context) {
  return std::make_unique<SpecialStreamEventCheck>(Name, Context);
}

} // namespace cdp
