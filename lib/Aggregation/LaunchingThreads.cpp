//===- LaunchingThreads.cpp - A launch its block's first thread makes ----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchingThreads.h"
#include "Migration/KernelValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cdp {
namespace {

/// 0, 1, 2 for `threadIdx.x`, `.y`, `.z`; -1 for anything else.
int threadIndexComponent(const Expr *E) {
  if (indexVariableRead(*E) != "threadIdx")
    return -1;
  // indexVariableRead found the property read.
  const auto *Property = cast<MSPropertyRefExpr>(
      cast<PseudoObjectExpr>(E->IgnoreParenImpCasts())->getSyntacticForm());
  return llvm::StringSwitch<int>(Property->getPropertyDecl()->getName())
      .Case("x", 0)
      .Case("y", 1)
      .Case("z", 2)
      .Default(-1);
}

bool isZero(const Expr *E, const ASTContext &Context) {
  Expr::EvalResult Value;
  return !E->isValueDependent() && E->EvaluateAsInt(Value, Context) &&
         Value.Val.getInt().isZero();
}

/// Notes in \p Tested the components that \p Condition, when true, says
/// are 0: its conjuncts `threadIdx.c == 0`, `0 == threadIdx.c`,
/// `!threadIdx.c`.
void noteZeroTests(const Expr *Condition, const ASTContext &Context,
                   bool (&Tested)[3]) {
  Condition = Condition->IgnoreParenImpCasts();
  if (const auto *Binary = dyn_cast<BinaryOperator>(Condition)) {
    if (Binary->getOpcode() == BO_LAnd) {
      noteZeroTests(Binary->getLHS(), Context, Tested);
      noteZeroTests(Binary->getRHS(), Context, Tested);
      return;
    }
    if (Binary->getOpcode() != BO_EQ)
      return;
    int Component = -1;
    if (isZero(Binary->getRHS(), Context))
      Component = threadIndexComponent(Binary->getLHS());
    else if (isZero(Binary->getLHS(), Context))
      Component = threadIndexComponent(Binary->getRHS());
    if (Component >= 0)
      Tested[Component] = true;
    return;
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(Condition))
    if (Unary->getOpcode() == UO_LNot) {
      const int Component = threadIndexComponent(Unary->getSubExpr());
      if (Component >= 0)
        Tested[Component] = true;
    }
}

/// The components of threadIdx that \p Body reads.
void noteReadComponents(const Stmt *Body, bool (&Read)[3]) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool (&Read)[3];
    explicit Finder(bool (&Read)[3]) : Read(Read) {}
    bool VisitPseudoObjectExpr(PseudoObjectExpr *Property) {
      const int Component = threadIndexComponent(Property);
      if (Component >= 0)
        Read[Component] = true;
      return true;
    }
  } Find(Read);
  Find.TraverseStmt(const_cast<Stmt *>(Body));
}

} // namespace

bool onlyFirstThreadLaunches(const CUDAKernelCallExpr &Launch,
                             const FunctionDecl &Enclosing,
                             ASTContext &Context) {
  bool Tested[3] = {false, false, false};
  const Stmt *Body = Enclosing.getBody();
  DynTypedNode Node = DynTypedNode::create(Launch);
  for (;;) {
    DynTypedNodeList Parents = Context.getParents(Node);
    if (Parents.size() != 1)
      break;
    const Stmt *Parent = Parents[0].get<Stmt>();
    if (!Parent || Parent == Body)
      break;
    // A loop may make several launches of the one thread, which the
    // block's aggregation joins.
    if (isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(Parent))
      return false;
    if (const auto *If = dyn_cast<IfStmt>(Parent))
      if (If->getThen() == Node.get<Stmt>() && If->getCond())
        noteZeroTests(If->getCond(), Context, Tested);
    Node = Parents[0];
  }
  if (!Tested[0])
    return false;
  bool Read[3] = {false, false, false};
  noteReadComponents(Body, Read);
  return (Tested[1] || !Read[1]) && (Tested[2] || !Read[2]);
}

} // namespace cdp
