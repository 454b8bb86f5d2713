//===- FreeWhileChildRunsCheck.cpp - A child's memory freed under it ------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-free-while-child-runs. "All device-side kernel launches are
// asynchronous with respect to the launching thread ... The child grid may
// begin execution at any time after launch" (CDP guide, "Launches are
// Asynchronous"). A parent thread that frees memory it handed a child,
// with nothing in between that waits for the child, frees it under a grid
// that may not even have started. Under CDP2 nothing can wait there: the
// only code that runs after a child is a tail launch.
//
// Octree builders written for CDP1 (SPH-EXA's Ryoanji, after Bonsai) wait
// with `assert(cudaDeviceSynchronize() == cudaSuccess)` and then delete the
// child's arrays. Built with NDEBUG, as every Release build is, the wait is
// gone and nvcc says nothing; the note below says where it went.
//
// A free is reported when a launch before it in the same function hands
// the child the freed pointer (`p`, `p + i`, `&p[i]`), the free can follow
// the launch in the function's CFG, the pointer variable is not assigned
// or has its address taken in between, and no cudaDeviceSynchronize() is
// compiled in between (the CDP1 wait, which the device-synchronize check
// reports under CDP2).
//
//===----------------------------------------------------------------------===//

#include "Checks/AfterLaunchCheck.h"
#include "Checks/CheckFactories.h"
#include "CudaAST/KernelName.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace cdp {
namespace {

class FreeWhileChildRunsCheck : public AfterLaunchCheck {
public:
  using AfterLaunchCheck::AfterLaunchCheck;

private:
  void checkParent(const FunctionDecl &, const ParentCode &Code) override {
    for (const ParentUse &Freed : Code.Frees)
      if (const CUDAKernelCallExpr *Launch =
              launchRunningAt(Freed, [&](const CUDAKernelCallExpr &Launch) {
                return hands(Launch, Freed.Memory);
              }))
        report(Freed, *Launch);
  }

  static bool hands(const CUDAKernelCallExpr &Launch,
                    const NamedMemory &Memory) {
    for (const Expr *Argument : Launch.arguments())
      if (Argument->getType()->isPointerType())
        if (std::optional<NamedMemory> Handed = pointeeOf(*Argument))
          if (*Handed == Memory)
            return true;
    return false;
  }

  void report(const ParentUse &Freed, const CUDAKernelCallExpr &Launch) {
    if (!Reported.insert(Freed.Where->getBeginLoc()).second)
      return;
    const std::string Kernel =
        quotedLaunchedKernel(Launch, Launch.getDirectCallee(), Context.ast());
    diag(Freed.Where->getBeginLoc(),
         "%0 is freed while the child grid %1, launched above with it, may "
         "still be running: nothing in between waits for the child, which "
         "may then use freed memory")
        << Freed.Memory.Var << Kernel << Freed.Where->getSourceRange();
    note(Launch.getBeginLoc(), "%0 is launched here") << Kernel;
    // The frees after one launch share their cause and their fix: say them
    // at the first.
    if (!Explained.insert(Launch.getBeginLoc()).second)
      return;
    noteRemovedWait(Launch, Freed);
    note(Freed.Where->getBeginLoc(),
         "free it in a kernel launched on cudaStreamTailLaunch, which starts "
         "once this grid and all its children have ended");
  }

  llvm::DenseSet<SourceLocation> Reported;
  llvm::DenseSet<SourceLocation> Explained;
};

} // namespace

std::unique_ptr<Check> createFreeWhileChildRunsCheck(StringRef Name,
                                                     CheckContext &Context) {
  return std::make_unique<FreeWhileChildRunsCheck>(Name, Context);
}

} // namespace cdp
