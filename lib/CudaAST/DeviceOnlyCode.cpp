//===- DeviceOnlyCode.cpp - Code that only nvcc's device pass sees --------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/DeviceOnlyCode.h"

#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace cdp {

namespace {

/// Whether the host's parse, without __CUDA_ARCH__, skips a branch of the
/// condition \p Text: it names `defined(__CUDA_ARCH__)` and nothing that
/// could negate or bypass it. (Otherwise the text does not say.)
bool hostSkips(llvm::StringRef Text) {
  static const llvm::Regex Defined("defined[ \t]*\\(?[ \t]*__CUDA_ARCH__");
  return Defined.match(Text) && !Text.contains('!') && !Text.contains("||");
}

/// The condition \p Text is only `!defined(__CUDA_ARCH__)`: its `#else`
/// is the device's.
bool onlyNotDefined(llvm::StringRef Text) {
  static const llvm::Regex NotDefined(
      "^[ \t]*![ \t]*defined[ \t]*\\(?[ \t]*__CUDA_ARCH__[ \t]*\\)?[ \t]*$");
  return NotDefined.match(Text);
}

} // namespace

class DeviceOnlyCode::Recorder : public PPCallbacks {
public:
  Recorder(DeviceOnlyCode &Code, const Preprocessor &PP) : Code(Code), PP(PP) {}

  void If(SourceLocation Loc, SourceRange Condition,
          ConditionValueKind Value) override {
    llvm::StringRef Text = textOf(Condition);
    Chains.push_back(
        {Loc, hostSkips(Text) && Value == CVK_True, onlyNotDefined(Text)});
  }
  void Ifdef(SourceLocation Loc, const Token &Name,
             const MacroDefinition &) override {
    Chains.push_back({Loc, isArch(Name), false});
  }
  void Ifndef(SourceLocation Loc, const Token &Name,
              const MacroDefinition &) override {
    Chains.push_back({Loc, false, isArch(Name)});
  }
  void Elif(SourceLocation Loc, SourceRange Condition, ConditionValueKind Value,
            SourceLocation) override {
    endBranch(Loc);
    if (Chains.empty())
      return;
    Chains.back().Start = Loc;
    Chains.back().DeviceOnly =
        hostSkips(textOf(Condition)) && Value == CVK_True;
    Chains.back().ElseIsDevice = false;
  }
  void Else(SourceLocation Loc, SourceLocation) override {
    endBranch(Loc);
    if (Chains.empty())
      return;
    Chains.back().Start = Loc;
    Chains.back().DeviceOnly = Chains.back().ElseIsDevice;
  }
  void Endif(SourceLocation Loc, SourceLocation) override {
    endBranch(Loc);
    if (!Chains.empty())
      Chains.pop_back();
  }

private:
  struct Chain {
    SourceLocation Start;
    /// The branch open now is taken by the device's parse alone.
    bool DeviceOnly;
    /// The chain's `#else` is the device's (`#ifndef __CUDA_ARCH__`).
    bool ElseIsDevice;
  };

  static bool isArch(const Token &Name) {
    const IdentifierInfo *II = Name.getIdentifierInfo();
    return II && II->getName() == "__CUDA_ARCH__";
  }

  llvm::StringRef textOf(SourceRange Condition) const {
    return Lexer::getSourceText(CharSourceRange::getCharRange(Condition),
                                PP.getSourceManager(), PP.getLangOpts());
  }

  /// Records the branch open in the innermost chain, which ends at \p Loc.
  /// (Nested branches lie inside it, so an outer one covers them.)
  void endBranch(SourceLocation Loc) {
    if (!Chains.empty() && Chains.back().DeviceOnly)
      Code.Branches.emplace_back(Chains.back().Start, Loc);
  }

  DeviceOnlyCode &Code;
  const Preprocessor &PP;
  std::vector<Chain> Chains;
};

void DeviceOnlyCode::recordFrom(Preprocessor &PP) {
  SM = &PP.getSourceManager();
  PP.addPPCallbacks(std::make_unique<Recorder>(*this, PP));
}

bool DeviceOnlyCode::contains(SourceLocation Loc) const {
  if (!SM || Loc.isInvalid())
    return false;
  SourceLocation At = SM->getFileLoc(Loc);
  for (const SourceRange &Branch : Branches)
    if (SM->isWrittenInSameFile(Branch.getBegin(), At) &&
        !SM->isBeforeInTranslationUnit(At, Branch.getBegin()) &&
        SM->isBeforeInTranslationUnit(At, Branch.getEnd()))
      return true;
  return false;
}

} // namespace cdp
