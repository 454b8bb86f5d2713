//===- Check.cpp - The base classes of the checks -------------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Checks/Check.h"

#include "CudaAST/BodyTokens.h"
#include "CudaAST/ExecutionSide.h"
#include "CudaAST/RuntimeCalls.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {

const CodeSite *Check::siteToCheck(const Stmt &S) {
  // Every instance of a written statement begins at the same location.
  if (!Checked.insert(S.getBeginLoc()).second)
    return nullptr;
  return Context.siteOf(S);
}

const CodeSite *Check::deviceSiteToCheck(const Stmt &S) {
  const CodeSite *Site = siteToCheck(S);
  return Site && Site->Side == LaunchSide::Device ? Site : nullptr;
}

/// isInstantiated() without clang's parent map (see CudaAST/CodeSites.h):
/// a declaration's contexts lead out through every template instantiation
/// it is part of.
AST_MATCHER(Decl, isPartOfTemplateInstantiation) {
  auto IsInstantiation = [](const Decl *D) {
    TemplateSpecializationKind Kind = TSK_Undeclared;
    if (const auto *Function = dyn_cast<FunctionDecl>(D))
      Kind = Function->getTemplateSpecializationKind();
    else if (const auto *Record = dyn_cast<CXXRecordDecl>(D))
      Kind = Record->getTemplateSpecializationKind();
    return Kind == TSK_ImplicitInstantiation ||
           Kind == TSK_ExplicitInstantiationDeclaration ||
           Kind == TSK_ExplicitInstantiationDefinition;
  };
  for (const Decl *D = &Node; D;
       D = dyn_cast_or_null<Decl>(D->getDeclContext()))
    if (IsInstantiation(D))
      return true;
  return false;
}

void Check::addDeviceFunctionMatcher(MatchFinder &Finder, bool WithHostDevice) {
  auto DeviceSide = anyOf(hasAttr(attr::CUDAGlobal), hasAttr(attr::CUDADevice));
  auto Definition = isDefinition();
  if (WithHostDevice)
    Finder.addMatcher(functionDecl(Definition, DeviceSide,
                                   unless(isPartOfTemplateInstantiation()))
                          .bind("function"),
                      this);
  else
    Finder.addMatcher(functionDecl(Definition, DeviceSide,
                                   unless(hasAttr(attr::CUDAHost)),
                                   unless(isPartOfTemplateInstantiation()))
                          .bind("function"),
                      this);
}

void Check::forEachIdentifierIn(
    const FunctionDecl &F,
    llvm::function_ref<void(const Token &, const Token &)> Visit) {
  const SourceManager &SM = Context.sourceManager();
  if (!SM.isInSystemHeader(F.getLocation()))
    forEachIdentifierInBody(F, SM, Context.ast().getLangOpts(), Visit);
}

void Check::forEachMentionIn(
    const FunctionDecl &F, ArrayRef<StringRef> Names,
    llvm::function_ref<void(const Token &, const Token &)> Visit) {
  const SourceManager &SM = Context.sourceManager();
  if (!SM.isInSystemHeader(F.getLocation()))
    forEachMentionInBody(F, Names, SM, Context.ast().getLangOpts(), Visit);
}

void LaunchCheck::registerMatchers(MatchFinder &Finder) {
  // Instantiations too: run() checks each written launch once.
  Finder.addMatcher(cudaKernelCallExpr().bind("launch"), this);
}

void LaunchCheck::run(const MatchFinder::MatchResult &Result) {
  const auto *Launch = Result.Nodes.getNodeAs<CUDAKernelCallExpr>("launch");
  const CodeSite *Site = siteToCheck(*Launch);
  if (Site && Site->Side != LaunchSide::Host)
    checkLaunch(*Launch, *Site);
}

void RuntimeCallCheck::registerMatchers(MatchFinder &Finder) {
  addRuntimeCallMatchers(Finder, Functions, this);
}

void RuntimeCallCheck::run(const MatchFinder::MatchResult &Result) {
  const auto *Node = Result.Nodes.getNodeAs<Expr>("call");
  const CodeSite *Site = siteToCheck(*Node);
  if (!Site || (Site->Side == LaunchSide::Device) != (Where == Side::Device))
    return;
  if (std::optional<RuntimeCall> Call = asRuntimeCall(*Node))
    checkCall(*Call);
}

} // namespace cdp
