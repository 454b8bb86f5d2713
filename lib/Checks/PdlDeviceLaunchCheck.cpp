//===- PdlDeviceLaunchCheck.cpp - PDL markers on device launches ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-pdl-device-launch. A device-side launch goes through
// cudaLaunchDevice, which takes no launch attributes: a <cdp/pdl.cuh>
// marker there cannot be honoured. The markers are host functions, so nvcc
// and clang reject the call too, but only as "a __host__ function called
// from device code"; clang then drops the statement from the AST, so in
// __global__ and __device__ functions the marker is found in the tokens.
// In __host__ __device__ code the call stays in the AST.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "CudaAST/WrittenText.h"
#include "Pdl/ProgrammaticLaunch.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

constexpr StringRef Message =
    "a device-side launch cannot be a programmatic dependent launch: device "
    "launches take no launch attributes; pass the stream itself";

class PdlDeviceLaunchCheck : public LaunchCheck {
public:
  using LaunchCheck::LaunchCheck;

  void registerMatchers(MatchFinder &Finder) override {
    LaunchCheck::registerMatchers(Finder);
    addDeviceFunctionMatcher(Finder, /*WithHostDevice=*/false);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    if (const auto *F = Result.Nodes.getNodeAs<FunctionDecl>("function"))
      findMarkersInTokens(*F);
    else
      LaunchCheck::run(Result);
  }

protected:
  void checkLaunch(const CUDAKernelCallExpr &Launch,
                   const CodeSite &) override {
    std::optional<PdlMarker> Marker = pdlMarkerOf(Launch);
    if (!Marker)
      return;
    const SourceManager &SM = Context.sourceManager();
    diag(SM.getExpansionLoc(Marker->Call->getBeginLoc()), Message)
        << Marker->Call->getSourceRange()
        << FixItHint::CreateReplacement(
               SM.getExpansionRange(Marker->Call->getSourceRange()),
               writtenText(Marker->Stream->getSourceRange(), SM,
                           Context.ast().getLangOpts()));
  }

private:
  void findMarkersInTokens(const FunctionDecl &F) {
    forEachMentionIn(F, {"streamSerialization", "programmaticEvent"},
                     [&](const Token &Identifier, const Token &Next) {
                       if (Next.is(tok::l_paren))
                         diag(Identifier.getLocation(), Message) << SourceRange(
                             Identifier.getLocation(), Identifier.getEndLoc());
                     });
  }
};

} // namespace

std::unique_ptr<Check> createPdlDeviceLaunchCheck(StringRef Name,
                                                  CheckContext &Context) {
  return std::make_unique<PdlDeviceLaunchCheck>(Name, Context);
}

} // namespace cdp
