//===- MacroBodyLaunch.cpp - A launch written in a macro body -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/MacroBodyLaunch.h"

#include "CudaAST/RuntimeNames.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/LaunchPlan.h"
#include "Lowering/LaunchSite.h"
#include "Lowering/LaunchTokens.h"
#include "Lowering/RuntimeForm.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cdp {

std::optional<MacroBodyRefusal>
macroBodyRefusal(const CUDAKernelCallExpr &Launch) {
  unsigned WrittenArgs = 0;
  for (const Expr *Arg : Launch.arguments()) {
    if (isa<CXXDefaultArgExpr>(Arg))
      return MacroBodyRefusal::DefaultArguments;
    ++WrittenArgs;
  }
  const Expr *Callee = Launch.getCallee()->IgnoreParenImpCasts();
  if (const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(Callee)) {
    if (Lookup->getNumDecls() != 1)
      return MacroBodyRefusal::AmbiguousKernel;
    const FunctionDecl *Kernel = Lookup->decls_begin()->getAsFunction();
    if (Kernel && Kernel->getDescribedFunctionTemplate() &&
        !Lookup->hasExplicitTemplateArgs())
      return MacroBodyRefusal::AmbiguousKernel;
    if (Kernel && WrittenArgs < Kernel->getNumParams() &&
        !Kernel->parameters().back()->isParameterPack())
      return MacroBodyRefusal::DefaultArguments;
    return std::nullopt;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Callee);
  const auto *Kernel = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  if (!Kernel)
    return std::nullopt; // A pointer to a kernel names one.
  if (const TemplateArgumentList *Args =
          Kernel->getTemplateSpecializationArgs())
    if (Ref->getNumTemplateArgs() < Args->size())
      return MacroBodyRefusal::AmbiguousKernel; // Some are deduced.
  unsigned Named = 0;
  for (const NamedDecl *Found :
       Kernel->getDeclContext()->getRedeclContext()->lookup(
           Kernel->getDeclName()))
    Named += Found->getAsFunction() != nullptr;
  if (Named > 1)
    return MacroBodyRefusal::AmbiguousKernel;
  return std::nullopt;
}

SourceLocation inMacroBody(const SourceManager &SM, SourceLocation Loc) {
  while (SM.isMacroArgExpansion(Loc))
    Loc = SM.getImmediateExpansionRange(Loc).getBegin();
  return Loc;
}

bool lowerLaunchInMacroBody(LaunchSite &Site,
                            const LaunchLoweringOptions &Options,
                            SourceEdits &Edits, LaunchLoweringState &State) {
  const SourceManager &SM = Site.SM;
  const CUDAKernelCallExpr &Launch = Site.Launch;
  SourceLocation Less = inMacroBody(SM, Launch.getConfig()->getBeginLoc());
  FileID Expansion = SM.getFileID(Less);
  std::optional<MacroBodyRefusal> Refusal;
  SourceLocation Tokens[] = {
      inMacroBody(SM, Launch.getCallee()->getBeginLoc()), Less,
      inMacroBody(SM, Launch.getConfig()->getRParenLoc()),
      inMacroBody(SM, Launch.getRParenLoc())};
  for (SourceLocation &Token : Tokens) {
    if (SM.getFileID(Token) != Expansion)
      Refusal = MacroBodyRefusal::TokensOutsideBody;
    Token = SM.getSpellingLoc(Token);
  }
  auto [Callee, TripleLess, TripleGreater, RParen] = Tokens;
  // The definition is rewritten where it is written: this file, or a
  // header that --header-filter selects (launch macros live in headers).
  FileID Definition = SM.getFileID(TripleLess);
  SourceEdits *DefinitionEdits = Definition == Site.File ? &Edits
                                 : State.EditsOf ? State.EditsOf(Definition)
                                                 : nullptr;
  if (!DefinitionEdits)
    Refusal = MacroBodyRefusal::DefinedElsewhere;
  Token LParen = Site.rawTokenAt(TripleGreater.getLocWithOffset(3));
  Token Closing = Site.rawTokenAt(RParen);
  if (!Refusal && (LParen.isNot(tok::l_paren) || Closing.isNot(tok::r_paren)))
    Refusal = MacroBodyRefusal::TokensOutsideBody;
  if (!Refusal) {
    // A use that is refused here is reported here, not again as a use
    // that is no launch.
    State.MacroLaunchUses[TripleLess].insert(
        SM.getExpansionLoc(Launch.getBeginLoc()));
    Refusal = macroBodyRefusal(Launch);
  }
  if (Refusal) {
    Site.fail(Launch.getBeginLoc(), LoweringDiag::LaunchInMacroBody)
        << Site.quotedKernel()
        << Lexer::getImmediateMacroName(Less, SM, Site.LangOpts)
        << static_cast<unsigned>(*Refusal);
    return false;
  }
  // What the tool's own lowering refuses (the 4 KB buffer, nvcc's copy
  // rule, a layout no rule gives) it refuses here too.
  if (!Launch.isTypeDependent() && Launch.getDirectCallee() &&
      !Launch.getDirectCallee()->getType()->isDependentType() &&
      !planStaticLaunch(Site, Options, State) && Site.failed())
    return false;
  if (!State.Rewritten.insert(TripleLess).second)
    return true;

  LoweringPlan Plan;
  Plan.Prefix = deducedLaunchPrefix(Site.LangOpts);
  if (Options.RuntimeChecks)
    checkLaunch(Site, Plan, TripleLess,
                writtenText(SourceRange(Callee, Callee), SM, Site.LangOpts));
  DefinitionEdits->insert(Callee, Plan.Prefix);
  // The spaces around the chevrons go with them, as outside macros.
  SourceLocation CalleeEnd = Lexer::getLocForEndOfToken(
      SM.getSpellingLoc(inMacroBody(SM, Launch.getCallee()->getEndLoc())), 0,
      SM, Site.LangOpts);
  if (CalleeEnd.isInvalid() || SM.getFileID(CalleeEnd) != Definition)
    CalleeEnd = TripleLess; // keeps the spaces before `<<<`
  SpacedChevrons Spaced =
      spacedChevrons(SM, CalleeEnd, TripleLess, TripleGreater);
  DefinitionEdits->replace(Spaced.LessBegin, Spaced.LessLength, ", {");
  DefinitionEdits->replace(
      Spaced.GreaterBegin,
      Site.distance(Spaced.GreaterBegin, LParen.getLocation()) + 1, "}).args(");
  DefinitionEdits->replace(RParen, 1, ").launch()");
  State.UseRuntime.insert(Definition);
  return true;
}

} // namespace cdp
