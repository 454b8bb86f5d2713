//===- UncheckedLaunchCheck.cpp - Launch errors nobody reads --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-unchecked-launch (off by default). A device-side launch that fails
// (pending-launch pool full, no parameter buffer, a bad configuration) says
// so only through cudaGetLastError()/cudaPeekAtLastError(); a function that
// launches and never asks drops the error.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "CudaAST/ExecutionSide.h"
#include "CudaAST/KernelName.h"
#include "CudaAST/RuntimeCalls.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

/// The places in a function body where the last error is read.
class ErrorReads : public RecursiveASTVisitor<ErrorReads> {
public:
  bool VisitCallExpr(CallExpr *Call) {
    if (readsLastError(*Call))
      Locations.push_back(Call->getBeginLoc());
    return true;
  }
  llvm::SmallVector<SourceLocation, 4> Locations;
};

class UncheckedLaunchCheck : public LaunchCheck {
public:
  using LaunchCheck::LaunchCheck;

private:
  void checkLaunch(const CUDAKernelCallExpr &Launch,
                   const CodeSite &Site) override {
    if (Site.Side != LaunchSide::Device)
      return;
    const FunctionDecl *Function = Site.Function;
    if (!Function || !Function->getBody())
      return;
    FunctionReads &Reads = ReadsByFunction[Function];
    if (!Reads.Visited) {
      Reads.Visitor.TraverseStmt(Function->getBody());
      Reads.Visited = true;
    }
    const SourceManager &SM = Context.sourceManager();
    for (SourceLocation Read : Reads.Visitor.Locations)
      if (SM.isBeforeInTranslationUnit(Launch.getEndLoc(), Read))
        return;
    const FunctionDecl *Kernel = Launch.getDirectCallee();
    diag(Launch.getBeginLoc(),
         "the error of this launch of %0 is never read: a device-side launch "
         "that fails (for example when the pending-launch pool is full) "
         "reports it only through cudaGetLastError(); check it after the "
         "launch")
        << quotedKernelName(Kernel) << Launch.getConfig()->getSourceRange();
  }

  struct FunctionReads {
    ErrorReads Visitor;
    bool Visited = false;
  };
  llvm::DenseMap<const FunctionDecl *, FunctionReads> ReadsByFunction;
};

} // namespace

std::unique_ptr<Check> createUncheckedLaunchCheck(StringRef Name,
                                                  CheckContext &Context) {
  return std::make_unique<UncheckedLaunchCheck>(Name, Context);
}

} // namespace cdp
