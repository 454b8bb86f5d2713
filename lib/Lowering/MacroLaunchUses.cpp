//===- MacroLaunchUses.cpp - Uses of macros that hold a launch ------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/MacroLaunchUses.h"

#include "Lowering/LoweringDiagnostics.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace cdp {

class MacroLaunchUses::Recorder : public PPCallbacks {
public:
  Recorder(const SourceManager &SM, std::vector<Use> &Uses)
      : SM(SM), Uses(Uses) {}

  void MacroExpands(const Token &Name, const MacroDefinition &Definition,
                    SourceRange, const MacroArgs *) override {
    const MacroInfo *Info = Definition.getMacroInfo();
    if (!Info || SM.isInSystemHeader(Info->getDefinitionLoc()) ||
        !llvm::any_of(Info->tokens(),
                      [](const Token &T) { return T.is(tok::lesslessless); }))
      return;
    Uses.push_back(
        {Name.getIdentifierInfo()->getName().str(),
         SourceRange(Info->getDefinitionLoc(), Info->getDefinitionEndLoc()),
         SM.getExpansionLoc(Name.getLocation())});
  }

private:
  const SourceManager &SM;
  std::vector<Use> &Uses;
};

void MacroLaunchUses::recordFrom(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<Recorder>(PP.getSourceManager(), Uses));
}

bool MacroLaunchUses::reportUsesNotLowered(
    const llvm::DenseMap<SourceLocation, llvm::DenseSet<SourceLocation>>
        &Lowered,
    const SourceManager &SM, DiagnosticsEngine &Diags) const {
  bool Reported = false;
  for (const auto &[Launch, LoweredUses] : Lowered) {
    for (const Use &U : Uses) {
      if (LoweredUses.contains(U.At) ||
          !SM.isPointWithin(Launch, U.Definition.getBegin(),
                            U.Definition.getEnd()))
        continue;
      report(Diags, U.At, LoweringDiag::MacroUseNotLaunch) << U.Macro;
      report(Diags, U.Definition.getBegin(), LoweringDiag::MacroDefinedHere)
          << U.Macro;
      Reported = true;
    }
  }
  return Reported;
}

} // namespace cdp
