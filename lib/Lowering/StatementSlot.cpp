//===- StatementSlot.cpp - Where a launch stands as a statement -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#include "Lowering/StatementSlot.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace cdp {

const Stmt *statementSlotOf(ASTContext &Context, const Expr &E) {
  const Stmt *Child = &E;
  DynTypedNodeList Parents = Context.getParents(*Child);
  while (Parents.size() == 1 && Parents[0].get<ExprWithCleanups>()) {
    Child = Parents[0].get<ExprWithCleanups>();
    Parents = Context.getParents(*Child);
  }
  if (Parents.size() != 1)
    return nullptr;
  const Stmt *Parent = Parents[0].get<Stmt>();
  if (!Parent)
    return nullptr;
  bool Holds = false;
  if (isa<CompoundStmt, SwitchCase, LabelStmt, AttributedStmt>(Parent))
    Holds = true;
  else if (const auto *If = dyn_cast<IfStmt>(Parent))
    Holds = If->getThen() == Child || If->getElse() == Child;
  else if (const auto *While = dyn_cast<WhileStmt>(Parent))
    Holds = While->getBody() == Child;
  else if (const auto *Do = dyn_cast<DoStmt>(Parent))
    Holds = Do->getBody() == Child;
  else if (const auto *For = dyn_cast<ForStmt>(Parent))
    Holds = For->getBody() == Child;
  else if (const auto *Range = dyn_cast<CXXForRangeStmt>(Parent))
    Holds = Range->getBody() == Child;
  return Holds ? Parent : nullptr;
}

} // namespace cdp
