//===- PdlReadBeforeSyncCheck.cpp - A load that does not wait -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-pdl-read-before-sync. The work a secondary may do before
// cudaGridDependencySynchronize() must not read memory its primary writes:
// a global load through a pointer parameter or a __device__ variable that
// some path reaches before the wait may see stale data (CCCL #5297, where
// the wait sat after the first loads). Reported at the first such load,
// with the path that reaches it.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "Checks/PdlCheck.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cdp {
namespace {

class PdlReadBeforeSyncCheck : public PdlCheck {
public:
  using PdlCheck::PdlCheck;

  void checkSecondary(const FunctionDecl &Kernel,
                      const ProgrammaticLaunch &Launch,
                      const GridDependencyAnalysis &Analysis) override {
    // With no wait at all, cdp-pdl-missing-sync says it once for the kernel.
    if (!Analysis.performs(GridControl::Wait))
      return;
    auto Load = Analysis.firstLoadBeforeWait();
    if (!Load)
      return;
    const SourceManager &SM = Context.sourceManager();
    const Expr *Access = Load->Access.Access;
    diag(SM.getExpansionLoc(Access->getBeginLoc()),
         "PDL secondary kernel %0 reads global memory through '%1' before "
         "cudaGridDependencySynchronize(): its primary may not have written "
         "it yet; move the wait above this load")
        << kernelName(Kernel) << Load->Access.Source->getName()
        << Access->getSourceRange();
    notePath(Load->Path, "");
    noteLaunch(Launch);
  }
};

} // namespace

std::unique_ptr<Check> createPdlReadBeforeSyncCheck(StringRef Name,
                                                    CheckContext &Context) {
  return std::make_unique<PdlReadBeforeSyncCheck>(Name, Context);
}

} // namespace cdp
