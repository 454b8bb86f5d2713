//===- LaunchTokens.cpp - The tokens a lowered launch replaces ------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/LaunchTokens.h"

#include "Lowering/LaunchSite.h"
#include "Lowering/MacroBodyLaunch.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cdp {

void reportUnrewritableLocation(LaunchSite &Site, SourceLocation Loc) {
  if (Site.failed())
    return;
  const SourceManager &SM = Site.SM;
  std::string Kernel = Site.quotedKernel();
  for (SourceLocation L = Loc; L.isMacroID();
       L = SM.getImmediateMacroCallerLoc(L)) {
    if (SM.isMacroBodyExpansion(L)) {
      Site.fail(Site.Launch.getBeginLoc(), LoweringDiag::LaunchInMacroBody)
          << Kernel << Lexer::getImmediateMacroName(L, SM, Site.LangOpts)
          << static_cast<unsigned>(MacroBodyRefusal::TokensOutsideBody);
      return;
    }
  }
  Site.fail(Site.Launch.getBeginLoc(), LoweringDiag::LaunchOutsideMainFile)
      << Kernel;
}

/// The file range of \p Range, which must lie in the file being lowered,
/// outside any macro body (inside a macro argument is fine).
static std::optional<CharSourceRange> mainFileRange(LaunchSite &Site,
                                                    SourceRange Range) {
  CharSourceRange FileRange = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Range), Site.SM, Site.LangOpts);
  if (FileRange.isValid() &&
      Site.SM.getFileID(FileRange.getBegin()) == Site.File)
    return FileRange;
  reportUnrewritableLocation(Site, Range.getBegin());
  return std::nullopt;
}

/// The spaces and tabs right before \p Loc, after other text on its line.
static unsigned spaceBefore(const SourceManager &SM, SourceLocation Loc) {
  StringRef Line =
      SM.getBufferData(SM.getFileID(Loc)).take_front(SM.getFileOffset(Loc));
  Line = Line.substr(Line.rfind('\n') + 1); // npos + 1 is 0.
  StringRef Text = Line.rtrim(" \t");
  return Text.empty() ? 0 : Line.size() - Text.size();
}

SpacedChevrons spacedChevrons(const SourceManager &SM, SourceLocation CalleeEnd,
                              SourceLocation TripleLess,
                              SourceLocation TripleGreater) {
  SpacedChevrons Spaced;
  unsigned BeforeLess = spaceBefore(SM, TripleLess);
  if (SM.getFileOffset(TripleLess) - SM.getFileOffset(CalleeEnd) != BeforeLess)
    BeforeLess = 0; // A comment or a line break stays.
  Spaced.LessBegin = TripleLess.getLocWithOffset(-static_cast<int>(BeforeLess));
  Spaced.LessLength =
      BeforeLess + 3 + horizontalSpaceAfter(SM, TripleLess.getLocWithOffset(3));
  Spaced.GreaterBegin = TripleGreater.getLocWithOffset(
      -static_cast<int>(spaceBefore(SM, TripleGreater)));
  return Spaced;
}

std::optional<LaunchTokens> locateLaunchTokens(LaunchSite &Site) {
  const CUDAKernelCallExpr &Launch = Site.Launch;
  const CallExpr *Config = Launch.getConfig();
  LaunchTokens Tokens;

  auto Callee = mainFileRange(Site, Launch.getCallee()->getSourceRange());
  auto Less = mainFileRange(Site, Config->getBeginLoc());
  auto Greater = mainFileRange(Site, Config->getRParenLoc());
  auto RParen = mainFileRange(Site, Launch.getRParenLoc());
  if (!Callee || !Less || !Greater || !RParen)
    return std::nullopt;
  Tokens.CalleeBegin = Callee->getBegin();
  Tokens.CalleeEnd = Callee->getEnd();
  Tokens.TripleLess = Less->getBegin();
  Tokens.TripleGreater = Greater->getBegin();
  Tokens.RParen = RParen->getBegin();

  Tokens.Spaced = spacedChevrons(Site.SM, Tokens.CalleeEnd, Tokens.TripleLess,
                                 Tokens.TripleGreater);

  Token LParen = Site.rawTokenAt(Greater->getEnd());
  if (LParen.isNot(tok::l_paren)) {
    reportUnrewritableLocation(Site, Launch.getBeginLoc());
    return std::nullopt;
  }
  Tokens.ArgsLParen = LParen.getLocation();

  // Arguments that one macro expansion supplies together (`PAIR` with
  // `#define PAIR a, b`) have no comma in the file between them: the
  // runtime then takes the whole list, `.args(PAIR)`.
  const auto &WrittenArgs = Site.WrittenArgs;
  for (size_t I = 0; I + 1 < WrittenArgs.size(); ++I) {
    CharSourceRange ArgRange = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(WrittenArgs[I]->getSourceRange()),
        Site.SM, Site.LangOpts);
    Token Comma;
    Comma.startToken();
    if (ArgRange.isValid() &&
        Site.SM.getFileID(ArgRange.getBegin()) == Site.File)
      Comma = Site.rawTokenAt(ArgRange.getEnd());
    if (ArgRange.isInvalid() || Comma.isNot(tok::comma)) {
      Tokens.Commas.clear();
      Tokens.WholeList = true;
      break;
    }
    Tokens.Commas.push_back(Comma.getLocation());
  }
  assert(Site.SM.isBeforeInTranslationUnit(Tokens.TripleLess,
                                           Tokens.TripleGreater) &&
         Site.SM.isBeforeInTranslationUnit(Tokens.ArgsLParen, Tokens.RParen) &&
         "the launch's tokens in source order");
  return Tokens;
}

} // namespace cdp
