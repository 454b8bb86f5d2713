//===- PdlMissingSyncCheck.cpp - A PDL secondary that never waits ---------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-pdl-missing-sync. A secondary launched with programmatic stream
// serialization may start as soon as every block of its primary has
// triggered (or started exiting); only cudaGridDependencySynchronize()
// makes the primary's results visible. A path to the kernel's end that
// never waits is a race (CUTLASS #2760). A wait the preprocessor removed
// for this target is cdp-pdl-sync-compiled-out's to report.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "Checks/PdlCheck.h"

#include "clang/AST/Decl.h"

using namespace clang;

namespace cdp {
namespace {

class PdlMissingSyncCheck : public PdlCheck {
public:
  using PdlCheck::PdlCheck;

  void checkSecondary(const FunctionDecl &Kernel,
                      const ProgrammaticLaunch &Launch,
                      const GridDependencyAnalysis &Analysis) override {
    std::optional<BodyPath> Path = Analysis.pathWithoutWait();
    if (!Path || compiledOutWait(Kernel))
      return;
    if (!Analysis.performs(GridControl::Wait)) {
      diag(Kernel.getLocation(),
           "PDL secondary kernel %0 never calls "
           "cudaGridDependencySynchronize(): it may run before its primary "
           "has finished, and nothing the primary writes is safe to read")
          << kernelName(Kernel);
    } else {
      diag(Kernel.getLocation(),
           "PDL secondary kernel %0 can reach its end without calling "
           "cudaGridDependencySynchronize(): on that path it may run before "
           "its primary has finished")
          << kernelName(Kernel);
      notePath(*Path, "without waiting");
    }
    noteLaunch(Launch);
  }
};

} // namespace

std::unique_ptr<Check> createPdlMissingSyncCheck(StringRef Name,
                                                 CheckContext &Context) {
  return std::make_unique<PdlMissingSyncCheck>(Name, Context);
}

} // namespace cdp
