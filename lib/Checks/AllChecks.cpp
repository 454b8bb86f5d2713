//===- AllChecks.cpp - Running every enabled check ------------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Checks/AllChecks.h"
#include "Checks/WarningControls.h"

#include "Checks/CheckFactories.h"
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

llvm::ArrayRef<CheckInfo> allChecks() {
  // The guides call each of these illegal or unsupported, so they are errors
  // unless said otherwise; only the style checks are off by default.
  static const CheckInfo Checks[] = {
      {"cdp-local-pointer", createLocalPointerCheck, CheckLevel::Error,
       "pointer to the parent's local memory passed to a child grid or a "
       "device-side memcpy/memset"},
      {"cdp-shared-pointer", createSharedPointerCheck, CheckLevel::Error,
       "pointer to __shared__ memory passed to a child grid or a device-side "
       "memcpy/memset"},
      {"cdp-device-synchronize", createDeviceSynchronizeCheck,
       CheckLevel::Error, "cudaDeviceSynchronize() in device code under CDP2"},
      {"cdp-sync-depth-limit", createSyncDepthLimitCheck, CheckLevel::Error,
       "cudaLimitDevRuntimeSyncDepth set on the host under CDP2"},
      {"cdp-cdp1-stream", createCdp1StreamCheck, CheckLevel::Error,
       "cudaStreamTailLaunch or cudaStreamFireAndForget under CDP1"},
      {"cdp-host-device-launch", createHostDeviceLaunchCheck, CheckLevel::Off,
       "kernel launch in a __host__ __device__ function (a device-side "
       "launch on the GPU, a host launch on the CPU)"},
      {"cdp-device-stream-flags", createDeviceStreamFlagsCheck,
       CheckLevel::Error,
       "device-side stream or event created without the flags the device "
       "runtime requires"},
      {"cdp-special-stream-event", createSpecialStreamEventCheck,
       CheckLevel::Error,
       "event recorded on, or awaited by, the tail-launch or "
       "fire-and-forget stream"},
      {"cdp-host-only-api", createHostOnlyApiCheck, CheckLevel::Error,
       "host-only CUDA runtime function called in device code"},
      {"cdp-unchecked-launch", createUncheckedLaunchCheck, CheckLevel::Off,
       "device-side launch whose error is never read"},
      {"cdp-pdl-device-launch", createPdlDeviceLaunchCheck, CheckLevel::Error,
       "programmatic dependent launch marker on a device-side launch"},
      {"cdp-pdl-missing-sync", createPdlMissingSyncCheck, CheckLevel::Error,
       "PDL secondary kernel with a path that never calls "
       "cudaGridDependencySynchronize()"},
      {"cdp-pdl-read-before-sync", createPdlReadBeforeSyncCheck,
       CheckLevel::Error,
       "PDL secondary kernel that reads global memory before "
       "cudaGridDependencySynchronize()"},
      {"cdp-pdl-sync-compiled-out", createPdlSyncCompiledOutCheck,
       CheckLevel::Error,
       "cudaGridDependencySynchronize() of a PDL secondary removed by the "
       "preprocessor for an sm_90+ target"},
      {"cdp-pdl-unsupported-arch", createPdlUnsupportedArchCheck,
       CheckLevel::Error,
       "griddepcontrol (the PDL device functions) compiled for a target "
       "below sm_90"},
      {"cdp-pdl-restrict-load", createPdlRestrictLoadCheck, CheckLevel::Warning,
       "__restrict__ or __ldg load in a PDL secondary that may be moved above "
       "the wait"},
      {"cdp-pdl-early-trigger", createPdlEarlyTriggerCheck, CheckLevel::Remark,
       "primary writes, after its trigger, memory the PDL secondary reads"},
  };
  return Checks;
}

void runChecks(ASTContext &AST, Preprocessor &PP, const CheckOptions &Options,
               const SkippedCode *Skipped,
               const PragmaDiagnosticRegions *Pragmas) {
  CheckContext Context(AST, PP, Options, Skipped, Pragmas);
  std::vector<std::unique_ptr<Check>> Checks;
  MatchFinder Finder;
  for (const CheckInfo &Info : allChecks()) {
    // A check that is off still runs where a pragma turns it on.
    if (!Options.isEnabled(Info.Name) &&
        !(Pragmas && Pragmas->mayEnable(Info.Name)))
      continue;
    Checks.push_back(Info.Create(Info.Name, Context));
    Checks.back()->registerMatchers(Finder);
  }
  if (Checks.empty())
    return;

  // The CUDA and C++ headers are most of a translation unit and hold none of
  // the user's launches: look only at declarations outside system headers.
  const SourceManager &SM = AST.getSourceManager();
  std::vector<Decl *> OldScope = AST.getTraversalScope();
  std::vector<Decl *> UserDecls;
  for (Decl *D : AST.getTranslationUnitDecl()->decls())
    if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      UserDecls.push_back(D);
  // CheckContext::siteOf walks the traversal scope on first use, which may
  // come as late as checkTranslationUnit().
  AST.setTraversalScope(UserDecls);
  Finder.matchAST(AST);
  for (const std::unique_ptr<Check> &C : Checks)
    C->checkTranslationUnit();
  AST.setTraversalScope(OldScope);
  Context.reportUnusedSuppressions();
}

} // namespace cdp
