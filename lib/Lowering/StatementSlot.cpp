//===- StatementSlot.cpp - Where a launch stands as a statement -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#include "Lowering/StatementSlot.h"

#include "CudaAST/EnclosingStatements.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace cdp {

const Stmt *statementSlotOf(const FunctionDecl &Enclosing, ASTContext &Context,
                            const Expr &E) {
  const Stmt *Body = Enclosing.getBody();
  if (!Body)
    return nullptr;
  const EnclosingStatements &Statements =
      EnclosingStatements::of(*Body, Context);
  const Stmt *Child = &E;
  const Stmt *Parent = Statements.parentOf(*Child);
  while (isa_and_nonnull<ExprWithCleanups>(Parent)) {
    Child = Parent;
    Parent = Statements.parentOf(*Child);
  }
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
