//===- ReadChildResultCheck.cpp - A child's result read too early ---------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-read-child-result. "With the removal of cudaDeviceSynchronize(), it
// is no longer possible to access the modifications made by the threads in
// the child grid from the parent grid. The only way to access the
// modifications made by the threads in the child grid before the parent
// grid exits is via a kernel launched into the cudaStreamTailLaunch
// stream" (CUDA Programming Guide 4.18, CDP2 memory coherence). A parent
// that reads, after a launch, memory the child writes reads whatever is
// there: the value before the child, or part of its writes.
//
// CDP1 code read the result after cudaDeviceSynchronize(); under CDP2 that
// call is an error (cdp-device-synchronize), unless the preprocessor
// removed it (an assert under NDEBUG), when nvcc builds the read without a
// word. Code written for CDP2 that takes `<<<>>>` for a call does the
// same.
//
// A read is reported, once per launch and pointer, when a launch before it
// in the same function hands the child the pointer (`p`, `p + i`, `&p[i]`)
// through a parameter the child's body writes through (ChildWrites.h), the
// read can follow the launch in the CFG, the pointer variable is unchanged
// and no cudaDeviceSynchronize() is compiled in between. A read in a loop's
// condition is cdp-spin-on-child's.
//
//===----------------------------------------------------------------------===//

#include "Checks/AfterLaunchCheck.h"
#include "Checks/CheckFactories.h"
#include "Checks/ChildWrites.h"
#include "CudaAST/KernelName.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <utility>

using namespace clang;

namespace cdp {
namespace {

class ReadChildResultCheck : public AfterLaunchCheck {
public:
  using AfterLaunchCheck::AfterLaunchCheck;

private:
  void checkParent(const FunctionDecl &, const ParentCode &Code) override {
    for (const ParentUse &Read : Code.Reads)
      if (const CUDAKernelCallExpr *Launch =
              launchRunningAt(Read, [&](const CUDAKernelCallExpr &Launch) {
                return writeOf(Launch, Read.Memory).isValid();
              }))
        report(Read, *Launch, writeOf(*Launch, Read.Memory));
  }

  /// writeOf, once per launch and memory: every read after a launch asks.
  SourceLocation writeOf(const CUDAKernelCallExpr &Launch,
                         const NamedMemory &Memory) {
    auto [Known, New] = Writes.try_emplace({&Launch, Memory.Var});
    if (New)
      Known->second = findWrite(Launch, Memory);
    return Known->second;
  }

  /// Where the child of \p Launch writes \p Memory, handed by an argument;
  /// invalid when no argument hands it, or the child does not write it.
  static SourceLocation findWrite(const CUDAKernelCallExpr &Launch,
                                  const NamedMemory &Memory) {
    const FunctionDecl *Kernel = Launch.getDirectCallee();
    if (!Kernel)
      return {};
    for (unsigned I = 0; I < Launch.getNumArgs(); ++I) {
      const Expr *Argument = Launch.getArg(I);
      if (!Argument->getType()->isPointerType())
        continue;
      std::optional<NamedMemory> Handed = pointeeOf(*Argument);
      if (!Handed || !(*Handed == Memory))
        continue;
      if (SourceLocation Write = firstWriteThrough(*Kernel, I); Write.isValid())
        return Write;
    }
    return {};
  }

  void report(const ParentUse &Read, const CUDAKernelCallExpr &Launch,
              SourceLocation Write) {
    // The first read of each pointer after each launch says it.
    if (!Reported.insert({Launch.getBeginLoc(), Read.Memory.Var->getLocation()})
             .second)
      return;
    const std::string Kernel =
        quotedLaunchedKernel(Launch, Launch.getDirectCallee(), Context.ast());
    diag(Read.Where->getBeginLoc(),
         "%0 is read while the child grid %1, launched above, may still be "
         "writing it: nothing in between waits for the child, and a parent "
         "sees its children's writes only in a kernel launched after them")
        << Read.Memory.Var << Kernel << Read.Where->getSourceRange();
    note(Launch.getBeginLoc(), "%0 is launched here") << Kernel;
    note(Write, "%0 writes it here") << Kernel;
    noteRemovedWait(Launch, Read);
    note(Read.Where->getBeginLoc(),
         "read it in a kernel launched on cudaStreamTailLaunch, which starts "
         "once this grid and all its children have ended");
  }

  /// Launch and pointer variable, by where they are written.
  llvm::DenseSet<std::pair<SourceLocation, SourceLocation>> Reported;
  llvm::DenseMap<std::pair<const CUDAKernelCallExpr *, const VarDecl *>,
                 SourceLocation>
      Writes;
};

} // namespace

std::unique_ptr<Check> createReadChildResultCheck(StringRef Name,
                                                  CheckContext &Context) {
  return std::make_unique<ReadChildResultCheck>(Name, Context);
}

} // namespace cdp
