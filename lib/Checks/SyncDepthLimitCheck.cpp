//===- SyncDepthLimitCheck.cpp - No sync-depth limit under CDP2 -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-sync-depth-limit. cudaLimitDevRuntimeSyncDepth reserves memory for
// parents that wait on children with cudaDeviceSynchronize; under CDP2 no
// parent can, and cudaDeviceSetLimit and cudaDeviceGetLimit both reject the
// limit with cudaErrorUnsupportedLimit.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "CudaAST/RuntimeCalls.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

class SyncDepthLimitCheck : public RuntimeCallCheck {
public:
  SyncDepthLimitCheck(StringRef Name, CheckContext &Context)
      : RuntimeCallCheck(Name, Context,
                         {"cudaDeviceSetLimit", "cudaDeviceGetLimit"},
                         Side::Host) {}

private:
  void checkCall(const RuntimeCall &Call) override {
    if (Context.cdpVersion() != CdpVersion::CDP2)
      return;
    // cudaDeviceSetLimit(limit, value), cudaDeviceGetLimit(&value, limit).
    unsigned LimitIndex = Call.Name == "cudaDeviceGetLimit" ? 1 : 0;
    if (Call.Args.size() <= LimitIndex)
      return;
    const auto *Limit =
        dyn_cast<DeclRefExpr>(Call.Args[LimitIndex]->IgnoreParenImpCasts());
    if (!Limit || Limit->getDecl()->getName() != "cudaLimitDevRuntimeSyncDepth")
      return;
    diag(Limit->getBeginLoc(),
         "cudaLimitDevRuntimeSyncDepth is not supported under CDP2: no "
         "parent grid can wait for its children, so there is no "
         "synchronization depth to reserve or query, and %0 fails with "
         "cudaErrorUnsupportedLimit; remove the call")
        << Call.Name << Limit->getSourceRange();
    // CDP1 programs set the limit on the host before their first launch,
    // and check the result; the migration does both edits for them.
    if (Call.Name == "cudaDeviceSetLimit")
      note(Limit->getBeginLoc(),
           "cdp-lower --migrate-cdp1 removes the call, and where its result "
           "is used gives cudaSuccess instead");
  }
};

} // namespace

std::unique_ptr<Check> createSyncDepthLimitCheck(StringRef Name,
                                                 CheckContext &Context) {
  return std::make_unique<SyncDepthLimitCheck>(Name, Context);
}

} // namespace cdp
