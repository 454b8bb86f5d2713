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
// condition or the definition that skipped it. A target below sm_90 counts
// when its PTX is the build's newest: GPUs from sm_90 on JIT-compile it,
// with __CUDA_ARCH__ of the PTX, and still overlap the launch.
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
    // Below sm_90 only the build's newest PTX gets here (CheckContext.h):
    // an H200 ran such a secondary, JIT-compiled, without its wait, and it
    // started before a primary built for sm_90 had ended and read stale
    // data (test/gpu/ptx_jit).
    const bool Jit = Context.isPtxJitCompiledForPdl();
    diag(Removed->Use,
         "the cudaGridDependencySynchronize() of PDL secondary kernel %0 is "
         "compiled out for %1, %select{which runs the launch as a "
         "programmatic dependent launch|whose PTX GPUs from sm_90 on "
         "JIT-compile without the wait and still run the launch as a "
         "programmatic dependent launch}2: there the kernel may read its "
         "primary's results before they are written")
        << kernelName(Kernel) << targetName() << Jit;
    if (Removed->Macro.empty())
      note(Removed->Cause, "removed by this preprocessor condition for %0")
          << targetName();
    else
      note(Removed->Cause, "'%0' waits only in this definition, which is not "
                           "the one in force for %1")
          << Removed->Macro << targetName();
    if (Jit)
      note(Removed->Cause,
           "the build's newest PTX is for %0, where griddepcontrol does not "
           "assemble; embedding PTX for sm_90 as well (nvcc: -gencode "
           "arch=compute_90,code=compute_90) gives those GPUs the wait")
          << targetName();
    noteLaunch(Launch);
  }
};

} // namespace

std::unique_ptr<Check> createPdlSyncCompiledOutCheck(StringRef Name,
                                                     CheckContext &Context) {
  return std::make_unique<PdlSyncCompiledOutCheck>(Name, Context);
}

} // namespace cdp
