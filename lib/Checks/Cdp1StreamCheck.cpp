//===- Cdp1StreamCheck.cpp - CDP2-only streams in a CDP1 build ------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-cdp1-stream. cudaStreamTailLaunch and cudaStreamFireAndForget are
// CDP2 features; a file that forces CDP1 (CUDA_FORCE_CDP1_IF_SUPPORTED on a
// target below sm_90) gets headers that do not define them, and clang says
// only "use of undeclared identifier". The names are found in the tokens of
// device function bodies, directly or through a user macro.
//
// The headers hide the two names whenever CUDA_FORCE_CDP1_IF_SUPPORTED is
// defined, also for sm_90 and later, which run CDP2 regardless: that case
// gets its own message.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"

#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

bool isCdp2Stream(StringRef Name) {
  return Name == "cudaStreamTailLaunch" || Name == "cudaStreamFireAndForget";
}

class Cdp1StreamCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &Finder) override {
    addDeviceFunctionMatcher(Finder, /*WithHostDevice=*/true);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    if (!Context.preprocessor().isMacroDefined("CUDA_FORCE_CDP1_IF_SUPPORTED"))
      return;
    const auto *F = Result.Nodes.getNodeAs<FunctionDecl>("function");
    forEachIdentifierIn(*F, [&](const Token &Identifier, const Token &) {
      StringRef Name = streamNamedBy(Identifier.getRawIdentifier());
      if (Name.empty())
        return;
      bool Cdp1 = Context.cdpVersion() == CdpVersion::CDP1;
      diag(Identifier.getLocation(),
           Cdp1 ? "%0 exists only under CDP2, but this file is built for "
                  "CDP1 (CUDA_FORCE_CDP1_IF_SUPPORTED on a target below "
                  "sm_90); remove CUDA_FORCE_CDP1_IF_SUPPORTED, or launch "
                  "into a stream created with "
                  "cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)"
                : "%0 is hidden by CUDA_FORCE_CDP1_IF_SUPPORTED: the CUDA "
                  "headers define it only when CDP1 is not requested, "
                  "although sm_90 and later always run CDP2; remove "
                  "CUDA_FORCE_CDP1_IF_SUPPORTED")
          << Name
          << SourceRange(Identifier.getLocation(), Identifier.getEndLoc());
    });
  }

private:
  /// The CDP2 stream \p Identifier names, itself or as a macro whose
  /// definition spells it; empty if none.
  StringRef streamNamedBy(StringRef Identifier) const {
    Preprocessor &PP = Context.preprocessor();
    if (isCdp2Stream(Identifier))
      return PP.isMacroDefined(Identifier) ? StringRef() : Identifier;
    const MacroInfo *Macro = PP.getMacroInfo(PP.getIdentifierInfo(Identifier));
    if (!Macro)
      return {};
    for (const Token &T : Macro->tokens())
      if (T.getIdentifierInfo() &&
          isCdp2Stream(T.getIdentifierInfo()->getName()))
        return T.getIdentifierInfo()->getName();
    return {};
  }
};

} // namespace

std::unique_ptr<Check> createCdp1StreamCheck(StringRef Name,
                                             CheckContext &Context) {
  return std::make_unique<Cdp1StreamCheck>(Name, Context);
}

} // namespace cdp
