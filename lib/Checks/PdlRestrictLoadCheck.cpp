//===- PdlRestrictLoadCheck.cpp - Loads the compiler may hoist ------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-pdl-restrict-load. `const T *__restrict__` parameters and __ldg() tell
// the compiler the data cannot change while the kernel runs, so it may load
// them through the read-only, non-coherent path (ld.global.nc) and schedule
// the load early, above cudaGridDependencySynchronize(), where the primary's
// data is not there yet (llama.cpp #24030). A warning: the wait's memory
// clobber is often enough, but nothing promises it.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "Checks/PdlCheck.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace cdp {
namespace {

class PdlRestrictLoadCheck : public PdlCheck {
public:
  using PdlCheck::PdlCheck;

  void checkSecondary(const FunctionDecl &Kernel,
                      const ProgrammaticLaunch &Launch,
                      const GridDependencyAnalysis &Analysis) override {
    const SourceManager &SM = Context.sourceManager();
    llvm::DenseSet<const ValueDecl *> Reported;
    for (const GlobalAccess &Load : Analysis.loadsAfterWait()) {
      bool Restrict = Load.Source->getType().isRestrictQualified();
      if ((!Restrict && !Load.ThroughLdg) ||
          !Reported.insert(Load.Source).second)
        continue;
      SourceLocation Loc = SM.getExpansionLoc(Load.Access->getBeginLoc());
      if (Load.ThroughLdg)
        diag(Loc, "__ldg() load of '%0' in PDL secondary kernel %1 reads "
                  "through the non-coherent read-only path, which the "
                  "compiler may move above cudaGridDependencySynchronize(); "
                  "use a plain load for data the primary writes")
            << Load.Source->getName() << kernelName(Kernel)
            << Load.Access->getSourceRange();
      else
        diag(Loc, "load through '__restrict__' parameter '%0' in PDL "
                  "secondary kernel %1 may be made non-coherent (ld.global.nc) "
                  "and moved above cudaGridDependencySynchronize(); drop "
                  "'__restrict__' from parameters the primary writes")
            << Load.Source->getName() << kernelName(Kernel)
            << Load.Access->getSourceRange();
      note(Load.Source->getLocation(), "'%0' declared here")
          << Load.Source->getName();
      noteLaunch(Launch);
    }
  }
};

} // namespace

std::unique_ptr<Check> createPdlRestrictLoadCheck(StringRef Name,
                                                  CheckContext &Context) {
  return std::make_unique<PdlRestrictLoadCheck>(Name, Context);
}

} // namespace cdp
