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

#include "Checks/CheckFactories.h"
#include "Checks/NamedMemory.h"
#include "CudaAST/BodyTokens.h"
#include "CudaAST/KernelName.h"
#include "CudaAST/RuntimeCalls.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/CFGStmtMap.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"

#include <deque>
#include <optional>

using namespace clang;

namespace cdp {
namespace {

constexpr StringRef DeviceSynchronize = "cudaDeviceSynchronize";

/// A release of heap memory in device code: `free(p)`, `cudaFree(p)`,
/// `delete p`, `delete[] p`.
struct Release {
  const Expr *Where;
  NamedMemory Freed;
};

/// The launches, releases, waits and changes of pointer variables of one
/// function body (its own code: not its lambdas).
class ParentCode : public RecursiveASTVisitor<ParentCode> {
public:
  bool VisitCallExpr(CallExpr *Call) {
    if (const auto *Launch = dyn_cast<CUDAKernelCallExpr>(Call))
      Launches.push_back(Launch);
    else
      addRuntimeCall(*Call);
    return true;
  }
  // Under CDP2 the device has no cudaDeviceSynchronize, and clang keeps
  // the call as an unresolved one.
  bool VisitRecoveryExpr(RecoveryExpr *Recovery) {
    addRuntimeCall(*Recovery);
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *Delete) {
    addRelease(Delete, *Delete->getArgument());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *Binary) {
    if (Binary->isAssignmentOp())
      addChange(*Binary->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *Unary) {
    if (Unary->getOpcode() == UO_AddrOf || Unary->isIncrementDecrementOp())
      addChange(*Unary->getSubExpr());
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitLambdaBody() const { return false; }

  llvm::SmallVector<const CUDAKernelCallExpr *, 4> Launches;
  llvm::SmallVector<Release, 4> Releases;
  llvm::SmallVector<const Expr *, 2> Waits;
  /// Where a pointer variable is assigned or has its address taken.
  llvm::SmallVector<std::pair<const VarDecl *, SourceLocation>, 4> Changes;

private:
  void addRuntimeCall(const Expr &E) {
    std::optional<RuntimeCall> Call = asRuntimeCall(E);
    if (!Call)
      return;
    if (Call->Name == DeviceSynchronize)
      Waits.push_back(Call->Call);
    else if ((Call->Name == "free" || Call->Name == "cudaFree") &&
             Call->Resolved && Call->Args.size() == 1)
      addRelease(Call->Call, *Call->Args.front());
  }
  void addRelease(const Expr *Where, const Expr &Pointer) {
    std::optional<NamedMemory> Freed = pointeeOf(Pointer);
    if (Freed && Freed->ThroughPointer)
      Releases.push_back({Where, *Freed});
  }
  void addChange(const Expr &Target) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Target.IgnoreParenImpCasts()))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        Changes.push_back({Var, Ref->getBeginLoc()});
  }
};

/// Whether control can reach \p To after \p From in \p F's body.
class Reachability {
public:
  Reachability(const FunctionDecl &F, ASTContext &Context)
      : Parents(F.getBody()) {
    CFG::BuildOptions Options;
    Graph = CFG::buildCFG(&F, F.getBody(), &Context, Options);
    if (Graph)
      Blocks.emplace(*Graph, Parents);
  }

  /// True when unsure: a body without a CFG, or a statement outside it.
  bool mayFollow(const Stmt &From, const Stmt &To) {
    if (!Blocks)
      return true;
    const CFGBlock *Start = Blocks->getBlock(&From);
    const CFGBlock *Goal = Blocks->getBlock(&To);
    if (!Start || !Goal || Start == Goal)
      return true; // One block runs in order; the caller checked the order.
    llvm::DenseSet<const CFGBlock *> Seen{Start};
    std::deque<const CFGBlock *> Work{Start};
    while (!Work.empty()) {
      const CFGBlock *Block = Work.front();
      Work.pop_front();
      for (const CFGBlock *Next : Block->succs()) {
        if (Next == Goal)
          return true;
        if (Next && Seen.insert(Next).second)
          Work.push_back(Next);
      }
    }
    return false;
  }

private:
  ParentMap Parents;
  std::unique_ptr<CFG> Graph;
  std::optional<CFGStmtMap> Blocks;
};

class FreeWhileChildRunsCheck : public LaunchCheck {
public:
  using LaunchCheck::LaunchCheck;

private:
  void checkLaunch(const CUDAKernelCallExpr &, const CodeSite &Site) override {
    if (!Site.Function || !Site.Function->getBody() ||
        !Checked.insert(Site.Function).second)
      return;
    ParentCode Code;
    Code.TraverseStmt(Site.Function->getBody());
    std::optional<Reachability> Paths;
    for (const Release &Freed : Code.Releases)
      if (const CUDAKernelCallExpr *Launch = launchRunningAt(Freed, Code)) {
        if (!Paths)
          Paths.emplace(*Site.Function, Context.ast());
        if (Paths->mayFollow(*Launch, *Freed.Where))
          report(Freed, *Launch, *Site.Function);
      }
  }

  bool before(SourceLocation A, SourceLocation B) const {
    const SourceManager &SM = Context.sourceManager();
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                        SM.getExpansionLoc(B));
  }

  /// The last launch before \p Freed that hands its child the freed memory,
  /// when nothing between them waits for the child or changes the pointer.
  const CUDAKernelCallExpr *launchRunningAt(const Release &Freed,
                                            const ParentCode &Code) const {
    const CUDAKernelCallExpr *Found = nullptr;
    for (const CUDAKernelCallExpr *Launch : Code.Launches)
      if (before(Launch->getEndLoc(), Freed.Where->getBeginLoc()) &&
          hands(*Launch, Freed.Freed))
        Found = Launch;
    if (!Found)
      return nullptr;
    auto Between = [&](SourceLocation Loc) {
      return before(Found->getEndLoc(), Loc) &&
             before(Loc, Freed.Where->getBeginLoc());
    };
    for (const Expr *Wait : Code.Waits)
      if (Between(Wait->getBeginLoc()))
        return nullptr;
    for (const auto &[Var, Loc] : Code.Changes)
      if (Var == Freed.Freed.Var && Between(Loc))
        return nullptr;
    return Found;
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

  void report(const Release &Freed, const CUDAKernelCallExpr &Launch,
              const FunctionDecl &Parent) {
    if (!Reported.insert(Freed.Where->getBeginLoc()).second)
      return;
    const std::string Kernel =
        quotedLaunchedKernel(Launch, Launch.getDirectCallee(), Context.ast());
    diag(Freed.Where->getBeginLoc(),
         "%0 is freed while the child grid %1, launched above with it, may "
         "still be running: nothing in between waits for the child, which "
         "may then use freed memory")
        << Freed.Freed.Var << Kernel << Freed.Where->getSourceRange();
    note(Launch.getBeginLoc(), "%0 is launched here") << Kernel;
    // The frees after one launch share their cause and their fix: say them
    // at the first.
    if (!Explained.insert(&Launch).second)
      return;
    noteRemovedWait(Launch, Freed, Parent);
    note(Freed.Where->getBeginLoc(),
         "free it in a kernel launched on cudaStreamTailLaunch, which starts "
         "once this grid and all its children have ended");
  }

  /// Points at a cudaDeviceSynchronize() written between the launch and the
  /// free that the preprocessor removed: the wait the author relied on.
  void noteRemovedWait(const CUDAKernelCallExpr &Launch, const Release &Freed,
                       const FunctionDecl &Parent) {
    const SourceManager &SM = Context.sourceManager();
    Preprocessor &PP = Context.preprocessor();
    bool Noted = false;
    forEachMentionWithOpeners(
        Parent, {DeviceSynchronize}, SM, Context.ast().getLangOpts(),
        [&](const Token &Mention, ArrayRef<StringRef> Openers) {
          SourceLocation Loc = Mention.getLocation();
          if (Noted || !before(Launch.getEndLoc(), Loc) ||
              !before(Loc, Freed.Where->getBeginLoc()))
            return;
          Noted = true;
          for (StringRef Opener : Openers) {
            const MacroInfo *Macro =
                PP.getMacroInfo(PP.getIdentifierInfo(Opener));
            if (!Macro || !Macro->isFunctionLike())
              continue;
            note(Loc, "this cudaDeviceSynchronize() is not compiled: '%0' "
                      "expands without its argument%select{| when NDEBUG is "
                      "defined, as it is here}1")
                << Opener
                << (Opener == "assert" && PP.isMacroDefined("NDEBUG"));
            return;
          }
          note(Loc, "this cudaDeviceSynchronize() is not compiled: the "
                    "preprocessor skips it");
        });
  }

  llvm::DenseSet<const FunctionDecl *> Checked;
  llvm::DenseSet<SourceLocation> Reported;
  llvm::DenseSet<const CUDAKernelCallExpr *> Explained;
};

} // namespace

std::unique_ptr<Check> createFreeWhileChildRunsCheck(StringRef Name,
                                                     CheckContext &Context) {
  return std::make_unique<FreeWhileChildRunsCheck>(Name, Context);
}

} // namespace cdp
