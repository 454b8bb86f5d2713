//===- LaunchCoarsening.cpp - Fewer, busier blocks in a child grid --------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchCoarsening.h"

#include "Aggregation/ChildGridUses.h"
#include "Aggregation/LaunchRefusal.h"
#include "CudaAST/KernelName.h"
#include "CudaAST/RuntimeNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cdp {
namespace {

/// The first return statement of \p Body itself (not of a lambda in it);
/// null when none.
const ReturnStmt *returnIn(const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const ReturnStmt *Found = nullptr;
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
    bool VisitReturnStmt(ReturnStmt *Return) {
      Found = Return;
      return false;
    }
  } Find;
  Find.TraverseStmt(const_cast<Stmt *>(Body));
  return Find.Found;
}

class LaunchCoarsener : LaunchRefusal {
public:
  LaunchCoarsener(const CUDAKernelCallExpr &Launch,
                  const FunctionDecl &Enclosing, ASTContext &Context,
                  llvm::function_ref<SourceEdits *(FileID)> EditsOf)
      : LaunchRefusal(Launch, Enclosing, Context, EditsOf) {}

  bool run(const CoarseningOptions &Options, ChildCopies &Copies,
           llvm::ArrayRef<const CUDAKernelCallExpr *> Instances) {
    takeKernelOfInstances(Instances);
    if (!ofEveryLaunchedKernel([&] { return isEligible(); }))
      return false;
    Call->rewriteAsCall(SM,
                        runtime::CoarseLaunch.str() + "<" +
                            std::to_string(Options.Factor) + ">",
                        "_coarsened",
                        Options.RuntimeChecks
                            ? Call->siteMacro(SM, Context.getLangOpts()) + ", "
                            : "");
    Copies.use(*Kernel, Launch.getBeginLoc(), SM).Coarsened = true;
    return true;
  }

private:
  void reportRefusal(const std::string &Why) override {
    report(Context.getDiagnostics(), Launch.getBeginLoc(),
           LoweringDiag::LaunchNotCoarsened)
        << kernelAsNamed() << Why;
  }

  bool isEligible() {
    const FunctionDecl *Definition =
        copyableChild("coarsened kernel", "coarsening", /*Templates=*/true);
    if (!Definition)
      return false;
    if (std::optional<std::string> Why = whyCopyUnnamable("coarsened kernel"))
      return decline(*Why);
    const std::string KernelName = kernelAsNamed();
    if (Definition->hasAttr<CUDAClusterDimsAttr>())
      return decline(KernelName + " has a cluster shape (__cluster_dims__), "
                                  "which a coarsened grid does not keep");
    Call = launchAsCall();
    if (!Call)
      return decline("it is written in a macro; coarsening rewrites only "
                     "launches written out in the file");
    ChildGridUses Uses = findChildGridUses(*Definition);
    if (!declineShapeReaders(Uses,
                             "in a coarsened grid it would see the block that "
                             "runs it, not the block it stands for",
                             "the coarsened grid's",
                             /*BlockDimKept=*/true))
      return false;
    if (Uses.Barriers)
      if (const ReturnStmt *Return = returnIn(Definition->getBody()))
        return declineWithNote(
            KernelName + " has barriers and may return early: a thread that "
                         "returned from one block would meet the next "
                         "block's barrier while the others wait at this "
                         "block's",
            Return->getBeginLoc(), "it returns here");
    return true;
  }

  /// Where the launch is rewritten.
  std::optional<LaunchAsCall> Call;
};

} // namespace

bool coarsenLaunch(const CUDAKernelCallExpr &Launch,
                   const FunctionDecl &Enclosing, ASTContext &Context,
                   const CoarseningOptions &Options,
                   llvm::function_ref<SourceEdits *(FileID)> EditsOf,
                   ChildCopies &Copies,
                   llvm::ArrayRef<const CUDAKernelCallExpr *> Instances) {
  if (Options.Factor < 2)
    return false;
  return LaunchCoarsener(Launch, Enclosing, Context, EditsOf)
      .run(Options, Copies, Instances);
}

} // namespace cdp
