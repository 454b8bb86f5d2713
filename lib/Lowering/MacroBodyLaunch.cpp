//===- MacroBodyLaunch.cpp - A launch written in a macro body -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/MacroBodyLaunch.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

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

} // namespace cdp
