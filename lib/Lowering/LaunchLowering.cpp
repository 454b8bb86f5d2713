//===- LaunchLowering.cpp - Rewrite one device-side <<<>>> ----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The steps of lowering one launch, in order: a launch spelled in a macro
// body is rewritten there (MacroBodyLaunch.h); otherwise its tokens are
// found (LaunchTokens.h), its plan made (LaunchPlan.h), and it is written
// in the explicit form where it has one and was asked for (ExplicitForm.h),
// else in the runtime form (RuntimeForm.h); in a __host__ __device__
// function, between the branches of HostDeviceLaunch.h.
//
//===----------------------------------------------------------------------===//

#include "Lowering/LaunchLowering.h"

#include "CudaAST/LineDirectives.h"
#include "CudaAST/RuntimeNames.h"
#include "Lowering/ExplicitForm.h"
#include "Lowering/HostDeviceLaunch.h"
#include "Lowering/LaunchPlan.h"
#include "Lowering/LaunchSite.h"
#include "Lowering/LaunchTokens.h"
#include "Lowering/MacroBodyLaunch.h"
#include "Lowering/RuntimeForm.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cdp {

bool lowerLaunch(const CUDAKernelCallExpr &Launch,
                 const FunctionDecl &Enclosing, ASTContext &Context,
                 const LaunchLoweringOptions &Options, bool InHostDevice,
                 SourceEdits &Edits, LaunchLoweringState &State) {
  LaunchSite Site(Launch, Enclosing, Context, Edits.file());
  // `<<<` written in a macro body; one passed in a macro argument is
  // rewritten where it is written, as any other.
  if (Site.SM.isMacroBodyExpansion(Launch.getConfig()->getBeginLoc())) {
    if (!InHostDevice)
      return lowerLaunchInMacroBody(Site, Options, Edits, State);
    reportHostDeviceLaunchNotStatement(Site);
    return false;
  }
  std::optional<LaunchTokens> Tokens = locateLaunchTokens(Site);
  if (!Tokens)
    return false;
  if (!State.Rewritten.insert(Tokens->TripleLess).second)
    return true;
  std::optional<LoweringPlan> Plan =
      planStaticLaunch(Site, Options, State, /*KernelLast=*/true);
  // A plan with the kernel last has no kernel type for the explicit form
  // to write, nor a kernel plan to alias.
  bool IsStatic = Plan.has_value() && !Plan->KernelLast;
  if (!Plan && !Site.failed())
    Plan = planDependentLaunch(Site, State,
                               /*KernelLast=*/!Options.RuntimeChecks);
  if (!Plan)
    return false;
  if (Options.RuntimeChecks)
    checkLaunch(Site, *Plan, Site.SM.getExpansionLoc(Launch.getBeginLoc()),
                Site.kernelSpelling());
  std::optional<HostDeviceBranches> Branches;
  if (InHostDevice) {
    Branches = hostDeviceBranches(Site, *Tokens);
    if (!Branches)
      return false;
    Edits.insert(Branches->IfdefAt, Branches->Ifdef);
  }
  std::optional<ExplicitRewrite> Explicit;
  // A checked launch stages its arguments in the runtime.
  if (Options.Form == LaunchForm::Explicit && IsStatic &&
      !Options.RuntimeChecks)
    Explicit = explicitRewrite(Site, *Tokens, *Plan);
  if (Explicit) {
    applyExplicitForm(Site, *Tokens, *Explicit, Edits);
    if (!InHostDevice)
      restoreLineNumbers(Site, *Tokens, Explicit->Input.Indent, Edits);
  } else {
    if (const FunctionDecl *Kernel = Launch.getDirectCallee();
        IsStatic && Kernel)
      if (std::optional<std::string> Alias = aliasPrefix(
              Site, *Kernel, State.Plans.find(Kernel)->second, Options, State))
        Plan->Prefix = *Alias;
    if (!Options.AloneInWarpTag.empty() && !Options.RuntimeChecks)
      Plan->Prefix += (Options.AloneInWarpTag + ", ").str();
    applyRuntimeForm(Site, *Tokens, *Plan, InHostDevice, Edits);
    State.UseRuntime.insert(Site.File);
  }
  if (Branches)
    Edits.insert(Branches->ElseAt, Branches->Else);
  return true;
}

void insertAliasDeclarations(
    const LaunchLoweringState &State, const SourceManager &SM,
    llvm::function_ref<SourceEdits &(FileID)> EditsOf) {
  for (const auto &[At, Declarations] : State.AliasDeclarations)
    EditsOf(SM.getFileID(At))
        .insert(At, llvm::join(Declarations, "") + lineDirectiveAt(SM, At));
}

llvm::ArrayRef<const CUDAKernelCallExpr *>
LaunchLoweringState::instancesOf(const CUDAKernelCallExpr &Launch,
                                 ASTContext &Context) {
  if (!Instances)
    Instances = findInstantiatedLaunches(Context);
  auto Found = Instances->find(Launch.getConfig()->getBeginLoc());
  if (Found == Instances->end())
    return {};
  return Found->second;
}

} // namespace cdp
