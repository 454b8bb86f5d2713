//===- PdlEarlyTriggerCheck.cpp - Writes after the trigger ----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-pdl-early-trigger, a remark. cudaTriggerProgrammaticLaunchCompletion()
// lets the secondary start; it publishes nothing. A primary that writes,
// after its trigger, memory the secondary reads is correct only because the
// secondary's cudaGridDependencySynchronize() waits for the whole primary:
// worth knowing when the trigger was placed to hand that data over early.
// A store is matched to a read when the two launches pass the same variable.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "Checks/PdlCheck.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace cdp {
namespace {

/// The variable an argument passes, if it is one.
static const ValueDecl *passedVariable(const Expr *Arg) {
  if (!Arg)
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
  return Ref ? Ref->getDecl() : nullptr;
}

static const Expr *argumentFor(const HostLaunch &Launch,
                               const ValueDecl &Param) {
  const auto *Parm = dyn_cast<ParmVarDecl>(&Param);
  if (!Parm)
    return nullptr;
  unsigned Index = Parm->getFunctionScopeIndex();
  return Index < Launch.Args.size() ? Launch.Args[Index] : nullptr;
}

class PdlEarlyTriggerCheck : public PdlCheck {
public:
  using PdlCheck::PdlCheck;

  void checkPrimary(const FunctionDecl &Primary, const FunctionDecl &Secondary,
                    const ProgrammaticLaunch &Launch) override {
    const GridDependencyAnalysis &PrimaryBody = Context.gridDependency(Primary);
    const GridDependencyAnalysis &SecondaryBody =
        Context.gridDependency(Secondary);
    // A secondary that never waits is cdp-pdl-missing-sync's report.
    if (!PrimaryBody.valid() || !SecondaryBody.valid() ||
        !SecondaryBody.performs(GridControl::Wait))
      return;
    // The variables whose memory the secondary reads, by its launch.
    llvm::DenseSet<const ValueDecl *> ReadBySecondary;
    for (const GlobalAccess &Load : SecondaryBody.allLoads())
      if (const ValueDecl *Var =
              passedVariable(argumentFor(Launch.Launch, *Load.Source)))
        ReadBySecondary.insert(Var);

    const SourceManager &SM = Context.sourceManager();
    llvm::DenseSet<const ValueDecl *> Reported;
    for (const GlobalAccess &Store : PrimaryBody.storesAfterTrigger()) {
      const ValueDecl *Var =
          passedVariable(argumentFor(*Launch.Primary, *Store.Source));
      if (!Var || !ReadBySecondary.count(Var) ||
          !Reported.insert(Store.Source).second)
        continue;
      diag(SM.getExpansionLoc(Store.Access->getBeginLoc()),
           "primary kernel %0 writes '%1' after "
           "cudaTriggerProgrammaticLaunchCompletion(), and PDL secondary %2 "
           "reads it: the trigger does not publish this write, which %2 sees "
           "only after its cudaGridDependencySynchronize() waits for all of "
           "%0")
          << kernelName(Primary) << Store.Source->getName()
          << kernelName(Secondary) << Store.Access->getSourceRange();
      note(SM.getExpansionLoc(Launch.Primary->Site->getBeginLoc()),
           "%0 launched here as the primary")
          << kernelName(Primary);
      noteLaunch(Launch);
    }
  }
};

} // namespace

std::unique_ptr<Check> createPdlEarlyTriggerCheck(StringRef Name,
                                                  CheckContext &Context) {
  return std::make_unique<PdlEarlyTriggerCheck>(Name, Context);
}

} // namespace cdp
