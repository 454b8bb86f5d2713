//===- PdlSyncCompiledOutCheck.cpp - A wait removed for this target -------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-pdl-sync-compiled-out. The wait of a PDL secondary is often guarded,
// because griddepcontrol only assembles for sm_90 and later. A guard or a
// macro that also removes it for a target that does run the launch as PDL
// leaves a secondary that never waits there (CCCL #9134, FlashInfer #2708).
// This reports the wait the preprocessor skipped for this target, at the
// condition or the definition that skipped it.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "Checks/PdlCheck.h"

#include "clang/AST/Decl.h"

using namespace clang;

namespace cdp {
namespace {

class PdlSyncCompiledOutCheck : public PdlCheck {
public:
  using PdlCheck::PdlCheck;

  void checkSecondary(const FunctionDecl &Kernel,
                      const ProgrammaticLaunch &Launch,
                      const GridDependencyAnalysis &Analysis) override {
    if (!Analysis.pathWithoutWait())
      return;
    std::optional<CompiledOutWait> Removed = compiledOutWait(Kernel);
    if (!Removed)
      return;
    diag(Removed->Use,
         "the cudaGridDependencySynchronize() of PDL secondary kernel %0 is "
         "compiled out for %1, which runs the launch as a programmatic "
         "dependent launch: there the kernel may read its primary's results "
         "before they are written")
        << kernelName(Kernel) << targetName();
    if (Removed->Macro.empty())
      note(Removed->Cause, "removed by this preprocessor condition for %0")
          << targetName();
    else
      note(Removed->Cause, "'%0' waits only in this definition, which is not "
                           "the one in force for %1")
          << Removed->Macro << targetName();
    noteLaunch(Launch);
  }
};

} // namespace

std::unique_ptr<Check> createPdlSyncCompiledOutCheck(StringRef Name,
                                                     CheckContext &Context) {
  return std::make_unique<PdlSyncCompiledOutCheck>(Name, Context);
}

} // namespace cdp
