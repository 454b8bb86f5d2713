//===- LaunchAsCall.cpp - A launch rewritten as a call of the runtime -----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchAsCall.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/DefaultArgument.h"
#include "Lowering/RuntimeForm.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/TemplateBase.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cdp {

std::optional<LaunchAsCall>
locateLaunchAsCall(const CUDAKernelCallExpr &Launch, const FunctionDecl &Kernel,
                   ASTContext &Context,
                   llvm::function_ref<SourceEdits *(FileID)> EditsOf) {
  const SourceManager &SM = Context.getSourceManager();
  const Expr *Callee = Launch.getCallee()->IgnoreImplicit();
  // A name resolved where it is written, or, in a template, the name its
  // instances resolve (InstantiatedLaunch.h).
  DeclarationNameInfo Name;
  bool ExplicitArgs = false;
  if (const auto *Resolved = dyn_cast<DeclRefExpr>(Callee)) {
    Name = Resolved->getNameInfo();
    ExplicitArgs = Resolved->hasExplicitTemplateArgs();
  } else if (const auto *Unresolved = dyn_cast<OverloadExpr>(Callee)) {
    Name = Unresolved->getNameInfo();
    ExplicitArgs = Unresolved->hasExplicitTemplateArgs();
  } else {
    return std::nullopt;
  }
  LaunchAsCall Call;
  // `child<<<...>>>` of a template: its arguments are written out after
  // the copy's name; `child<float><<<...>>>` keeps them.
  if (Kernel.getTemplateSpecializationArgs() && !ExplicitArgs) {
    llvm::raw_string_ostream OS(Call.DeducedArgs);
    printTemplateArgumentList(OS,
                              Kernel.getTemplateSpecializationArgs()->asArray(),
                              Context.getPrintingPolicy());
  }
  Call.CalleeEnd = Callee->getEndLoc();
  Call.CalleeBegin = Callee->getBeginLoc();
  Call.NameEnd = Lexer::getLocForEndOfToken(Name.getEndLoc(), 0, SM,
                                            Context.getLangOpts());
  Call.TripleLess = Launch.getConfig()->getBeginLoc();
  Call.TripleGreater = Launch.getConfig()->getRParenLoc();
  for (SourceLocation Loc :
       {Call.CalleeBegin, Call.NameEnd, Call.CalleeEnd, Call.TripleLess,
        Call.TripleGreater, Launch.getRParenLoc()})
    if (Loc.isInvalid() || !Loc.isFileID())
      return std::nullopt;
  Call.Spaced = spacedChevrons(
      SM,
      Lexer::getLocForEndOfToken(Call.CalleeEnd, 0, SM, Context.getLangOpts()),
      Call.TripleLess, Call.TripleGreater);
  Call.Edits = EditsOf(SM.getFileID(Call.TripleLess));
  if (!Call.Edits)
    return std::nullopt;
  // The `(` after `>>>`.
  StringRef Buffer = SM.getBufferData(SM.getFileID(Call.TripleGreater));
  size_t Paren = Buffer.find('(', SM.getFileOffset(Call.TripleGreater) + 3);
  if (Paren == StringRef::npos)
    return std::nullopt;
  Call.ArgsLParen = SM.getLocForStartOfFile(SM.getFileID(Call.TripleGreater))
                        .getLocWithOffset(Paren);
  Call.ArgsRParen = Launch.getRParenLoc();
  for (const Expr *Arg : Launch.arguments()) {
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
      Call.DefaultArgs.push_back(defaultArgumentText(*Default, Context));
    else
      Call.HasWrittenArgs = true;
  }
  return Call;
}

std::string LaunchAsCall::argsOpen(const SourceManager &SM) const {
  const char After = SM.getCharacterData(ArgsLParen)[1];
  if (!HasWrittenArgs)
    return "}";
  return After == '\n' || After == '\r' ? "}," : "}, ";
}

std::string LaunchAsCall::siteMacro(const SourceManager &SM,
                                    const LangOptions &LangOpts) const {
  return launchSiteMacro(
      SM, SM.getExpansionLoc(CalleeBegin),
      writtenText(CharSourceRange::getTokenRange(CalleeBegin, CalleeEnd), SM,
                  LangOpts));
}

void LaunchAsCall::rewriteAsCall(const SourceManager &SM, StringRef Function,
                                 StringRef Suffix, StringRef Leading) const {
  Edits->insert(CalleeBegin, (Function + "(" + Leading).str());
  Edits->insert(NameEnd, (Suffix + DeducedArgs).str());
  Edits->replace(Spaced.LessBegin, Spaced.LessLength, ", {");
  Edits->replace(Spaced.GreaterBegin,
                 SM.getFileOffset(ArgsLParen) -
                     SM.getFileOffset(Spaced.GreaterBegin) + 1,
                 argsOpen(SM));
  passDefaultArgs();
}

void LaunchAsCall::passDefaultArgs() const {
  for (const std::string &Default : DefaultArgs)
    Edits->insert(ArgsRParen, ", " + Default);
}

} // namespace cdp
