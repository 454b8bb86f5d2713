//===- PdlUnsupportedArchCheck.cpp - griddepcontrol below sm_90 -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-pdl-unsupported-arch. cudaGridDependencySynchronize() and
// cudaTriggerProgrammaticLaunchCompletion() are inline PTX griddepcontrol,
// which ptxas rejects below sm_90 ("Instruction 'griddepcontrol' requires
// .target sm_90 or higher", with no word of the source line). Code built for
// several targets must guard them (FlashInfer #2920).
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "CudaAST/RuntimeCalls.h"
#include "CudaAST/Target.h"
#include "Pdl/GridDependency.h"

#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

class PdlUnsupportedArchCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &Finder) override {
    if (targetSmVersion(Context.ast()) >= FirstPdlSmVersion)
      return;
    addRuntimeCallMatchers(Finder,
                           {"cudaGridDependencySynchronize",
                            "cudaTriggerProgrammaticLaunchCompletion"},
                           this);
    Finder.addMatcher(asmStmt().bind("asm"), this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    const Stmt *S = Result.Nodes.getNodeAs<Expr>("call");
    std::string What;
    if (S) {
      std::optional<RuntimeCall> Call = asRuntimeCall(*cast<Expr>(S));
      if (!Call)
        return;
      What = (Call->Name + "() compiles to 'griddepcontrol." +
              (Call->Name == "cudaGridDependencySynchronize"
                   ? "wait'"
                   : "launch_dependents'"))
                 .str();
    } else {
      S = Result.Nodes.getNodeAs<Stmt>("asm");
      if (!performsGridControl(*S, GridControl::Wait) &&
          !performsGridControl(*S, GridControl::LaunchDependents))
        return;
      What = "inline PTX 'griddepcontrol'";
    }
    if (!deviceSiteToCheck(*S))
      return;
    const SourceManager &SM = Context.sourceManager();
    diag(SM.getExpansionLoc(S->getBeginLoc()),
         "%0, which needs sm_90 or later, but this code is compiled for "
         "sm_%1, where ptxas rejects it; guard it with "
         "'#if __CUDA_ARCH__ >= 900' (a PDL launch on an older GPU is fully "
         "serialized, so nothing needs to wait there)")
        << What << targetSmVersion(Context.ast()) << S->getSourceRange();
  }
};

} // namespace

std::unique_ptr<Check> createPdlUnsupportedArchCheck(StringRef Name,
                                                     CheckContext &Context) {
  return std::make_unique<PdlUnsupportedArchCheck>(Name, Context);
}

} // namespace cdp
