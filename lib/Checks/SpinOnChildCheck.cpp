//===- SpinOnChildCheck.cpp - A parent that waits for its child -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-spin-on-child. A child grid "is not guaranteed to begin execution until
// the parent grid reaches an implicit synchronization point" (CUDA
// Programming Guide 4.18.2.4, "Ordering and Concurrency"), which under CDP2
// is the parent grid's end. A parent thread that launches a child and then
// loops until memory the child can write changes depends on a concurrency
// the programming model does not give: the loop may never end. A plain
// (not volatile, not atomic) read is worse: the compiler may read it once,
// and nvcc does without -G, turning the loop into one that never ends even
// when the child runs.
//
// A loop is taken for such a wait when its condition reads memory a launch
// before it (in the same function) hands the child, by a pointer argument
// or as a global variable the child's body names, and its body can change
// nothing the condition reads: no store to it, no launch, no other exit.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "Checks/NamedMemory.h"
#include "CudaAST/KernelName.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

bool isAtomicFunction(const CallExpr &Call) {
  const auto *Callee = Call.getDirectCallee();
  return Callee && Callee->getIdentifier() &&
         Callee->getName().starts_with("atomic");
}

/// One read of memory in a loop's condition.
struct Read {
  const Expr *Where;
  NamedMemory Target;
  bool Plain; ///< Neither volatile nor atomic: may be read once.
};

/// The reads of memory in a loop's condition, and every variable it names.
class ConditionReads : public RecursiveASTVisitor<ConditionReads> {
public:
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() != CK_LValueToRValue)
      return true;
    const Expr *Source = Cast->getSubExpr();
    if (std::optional<NamedMemory> Target = objectOf(*Source))
      Reads.push_back(
          {Source, *Target, !Source->getType().isVolatileQualified()});
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (isAtomicFunction(*Call) && Call->getNumArgs() > 0)
      if (std::optional<NamedMemory> Target = pointeeOf(*Call->getArg(0)))
        Reads.push_back({Call, *Target, false});
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      Named.insert(Var);
    return true;
  }
  llvm::SmallVector<Read, 2> Reads;
  llvm::DenseSet<const VarDecl *> Named;
};

/// Whether a loop's body can change what its condition reads, or leave the
/// loop otherwise: then the loop is not waiting for someone else.
class BodyEffects : public RecursiveASTVisitor<BodyEffects> {
public:
  explicit BodyEffects(const ConditionReads &Condition)
      : Condition(Condition) {}
  bool VisitBinaryOperator(BinaryOperator *Binary) {
    if (Binary->isAssignmentOp())
      noteStore(*Binary->getLHS());
    return !Changes;
  }
  bool VisitUnaryOperator(UnaryOperator *Unary) {
    if (Unary->isIncrementDecrementOp())
      noteStore(*Unary->getSubExpr());
    return !Changes;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Call) {
    if (Call->isAssignmentOp() && Call->getNumArgs() > 0)
      noteStore(*Call->getArg(0));
    return !Changes;
  }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *) { return stop(); }
  bool VisitBreakStmt(BreakStmt *) { return stop(); }
  bool VisitReturnStmt(ReturnStmt *) { return stop(); }
  bool VisitGotoStmt(GotoStmt *) { return stop(); }
  bool VisitCXXThrowExpr(CXXThrowExpr *) { return stop(); }
  // A nested loop's break leaves only that loop, but a nested loop in a
  // wait is rare enough to count as a change too.
  bool VisitWhileStmt(WhileStmt *) { return stop(); }
  bool VisitDoStmt(DoStmt *) { return stop(); }
  bool VisitForStmt(ForStmt *) { return stop(); }
  bool Changes = false;

private:
  bool stop() {
    Changes = true;
    return false;
  }
  void noteStore(const Expr &Target) {
    std::optional<NamedMemory> Stored = objectOf(Target);
    if (!Stored || Condition.Named.contains(Stored->Var))
      Changes = true;
    for (const Read &R : Condition.Reads)
      if (Stored && R.Target == *Stored)
        Changes = true;
  }
  const ConditionReads &Condition;
};

/// A device-side launch and the memory it hands its child.
struct ChildLaunch {
  const CUDAKernelCallExpr *Launch;
  llvm::SmallVector<NamedMemory, 4> Handed;
};

/// The launches and loops of one function body, in source order.
class LaunchesAndLoops : public RecursiveASTVisitor<LaunchesAndLoops> {
public:
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Launch) {
    Launches.push_back(Launch);
    return true;
  }
  bool VisitWhileStmt(WhileStmt *Loop) { return addLoop(Loop); }
  bool VisitDoStmt(DoStmt *Loop) { return addLoop(Loop); }
  bool VisitForStmt(ForStmt *Loop) { return addLoop(Loop); }
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitLambdaBody() const { return false; }

  llvm::SmallVector<const CUDAKernelCallExpr *, 4> Launches;
  llvm::SmallVector<const Stmt *, 4> Loops;

private:
  bool addLoop(const Stmt *Loop) {
    Loops.push_back(Loop);
    return true;
  }
};

const Expr *conditionOf(const Stmt &Loop) {
  if (const auto *While = dyn_cast<WhileStmt>(&Loop))
    return While->getCond();
  if (const auto *Do = dyn_cast<DoStmt>(&Loop))
    return Do->getCond();
  return cast<ForStmt>(Loop).getCond();
}

/// The statements a loop runs besides its condition.
llvm::SmallVector<const Stmt *, 2> bodyOf(const Stmt &Loop) {
  if (const auto *While = dyn_cast<WhileStmt>(&Loop))
    return {While->getBody()};
  if (const auto *Do = dyn_cast<DoStmt>(&Loop))
    return {Do->getBody()};
  const auto &For = cast<ForStmt>(Loop);
  return {For.getBody(), For.getInc()};
}

class SpinOnChildCheck : public LaunchCheck {
public:
  using LaunchCheck::LaunchCheck;

private:
  void checkLaunch(const CUDAKernelCallExpr &, const CodeSite &Site) override {
    if (Site.Side != LaunchSide::Device || !Site.Function ||
        !Site.Function->getBody() || !Checked.insert(Site.Function).second)
      return;
    LaunchesAndLoops Body;
    Body.TraverseStmt(Site.Function->getBody());
    llvm::SmallVector<ChildLaunch, 4> Children;
    for (const CUDAKernelCallExpr *Launch : Body.Launches)
      Children.push_back({Launch, handedTo(*Launch)});
    for (const Stmt *Loop : Body.Loops)
      checkLoop(*Loop, Children);
  }

  /// The memory \p Launch's child can write: what its pointer arguments
  /// point into, and the globals its kernel's body names.
  static llvm::SmallVector<NamedMemory, 4>
  handedTo(const CUDAKernelCallExpr &Launch) {
    llvm::SmallVector<NamedMemory, 4> Handed;
    for (const Expr *Argument : Launch.arguments())
      if (Argument->getType()->isPointerType())
        if (std::optional<NamedMemory> Target = pointeeOf(*Argument))
          Handed.push_back(*Target);
    const FunctionDecl *Kernel = Launch.getDirectCallee();
    if (Kernel && Kernel->getDefinition() && Kernel->getDefinition()->getBody())
      for (const VarDecl *Global : globalsNamedIn(*Kernel->getDefinition()))
        Handed.push_back({Global, false});
    return Handed;
  }

  static llvm::SmallVector<const VarDecl *, 4>
  globalsNamedIn(const FunctionDecl &Kernel) {
    struct Globals : RecursiveASTVisitor<Globals> {
      bool VisitDeclRefExpr(DeclRefExpr *Ref) {
        if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
          if (Var->hasGlobalStorage() && !Var->isStaticLocal() &&
              !Var->getType().isConstQualified())
            Named.push_back(Var);
        return true;
      }
      llvm::SmallVector<const VarDecl *, 4> Named;
    } Visitor;
    Visitor.TraverseStmt(Kernel.getBody());
    return Visitor.Named;
  }

  void checkLoop(const Stmt &Loop, llvm::ArrayRef<ChildLaunch> Children) {
    const Expr *Condition = conditionOf(Loop);
    if (!Condition)
      return;
    ConditionReads Reads;
    Reads.TraverseStmt(const_cast<Expr *>(Condition));
    if (Reads.Reads.empty())
      return;
    BodyEffects Effects(Reads);
    for (const Stmt *Part : bodyOf(Loop))
      if (Part && !Effects.Changes)
        Effects.TraverseStmt(const_cast<Stmt *>(Part));
    if (Effects.Changes)
      return;
    const SourceManager &SM = Context.sourceManager();
    // The launch nearest before the loop that hands the child what the
    // condition reads.
    for (const ChildLaunch &Child : llvm::reverse(Children)) {
      if (!SM.isBeforeInTranslationUnit(Child.Launch->getEndLoc(),
                                        Loop.getBeginLoc()))
        continue;
      for (const Read &R : Reads.Reads)
        if (llvm::is_contained(Child.Handed, R.Target))
          return report(Loop, *Child.Launch, R);
    }
  }

  void report(const Stmt &Loop, const CUDAKernelCallExpr &Launch,
              const Read &Waited) {
    if (!Reported.insert(Loop.getBeginLoc()).second)
      return;
    StringRef Text = Lexer::getSourceText(
        CharSourceRange::getTokenRange(Waited.Where->getSourceRange()),
        Context.sourceManager(), Context.ast().getLangOpts());
    const FunctionDecl *Kernel = Launch.getDirectCallee();
    diag(Loop.getBeginLoc(),
         "this loop waits for the child grid %0, launched above, to change "
         "'%1'; a child grid is not guaranteed to start before its parent "
         "grid ends, so the loop may never end")
        << quotedKernelName(Kernel) << Text
        << conditionOf(Loop)->getSourceRange();
    note(Launch.getBeginLoc(), "%0 is launched here")
        << quotedKernelName(Kernel) << Launch.getConfig()->getSourceRange();
    if (Waited.Plain)
      note(Waited.Where->getBeginLoc(),
           "'%0' is a plain read, neither volatile nor atomic: the compiler "
           "may read it once before the loop (nvcc does, without -G), so the "
           "loop would not see the child's write")
          << Text;
  }

  llvm::DenseSet<const FunctionDecl *> Checked;
  llvm::DenseSet<SourceLocation> Reported;
};

} // namespace

std::unique_ptr<Check> createSpinOnChildCheck(StringRef Name,
                                              CheckContext &Context) {
  return std::make_unique<SpinOnChildCheck>(Name, Context);
}

} // namespace cdp
