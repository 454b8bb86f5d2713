//===- EnclosingStatements.cpp - What holds a launch in its body ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/EnclosingStatements.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"

#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace cdp {

EnclosingStatements::EnclosingStatements(const Stmt &Body)
    : Map(const_cast<Stmt *>(&Body)) {}

std::vector<EnclosingStatements::Holder>
EnclosingStatements::holding(const Stmt &S) const {
  std::vector<Holder> Holders;
  const Stmt *Inner = &S;
  for (const Stmt *Outer = Map.getParent(Inner); Outer;
       Inner = Outer, Outer = Map.getParent(Outer))
    Holders.push_back({Outer, Inner});
  return Holders;
}

std::vector<EnclosingStatements::Holder>
EnclosingStatements::holding(const Stmt &Body, const Stmt &S,
                             ASTContext &Context) {
  std::vector<Holder> Holders;
  for (const Stmt *Inner = &S; Inner != &Body;) {
    DynTypedNodeList Parents = Context.getParents(*Inner);
    const Stmt *Outer = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    if (!Outer)
      return {}; // Not in the body.
    Holders.push_back({Outer, Inner});
    Inner = Outer;
  }
  return Holders;
}

const Stmt *EnclosingStatements::parentOf(const Stmt &S) const {
  return Map.getParent(&S);
}

bool EnclosingStatements::inLoop(const Stmt &S) const {
  for (const Holder &H : holding(S))
    if (isLoop(*H.Outer))
      return true;
  return false;
}

bool isLoop(const Stmt &S) {
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
}

/// mayBeJumpedInto, where \p InSwitch: a switch inside the statement asked
/// about holds \p S, and with it the cases in \p S.
static bool holdsLabel(const Stmt &S, bool InSwitch) {
  if (isa<LabelStmt>(S) || (!InSwitch && isa<SwitchCase>(S)))
    return true;
  for (const Stmt *Child : S.children())
    if (Child && holdsLabel(*Child, InSwitch || isa<SwitchStmt>(S)))
      return true;
  return false;
}

bool mayBeJumpedInto(const Stmt &S) {
  return holdsLabel(S, /*InSwitch=*/false);
}

} // namespace cdp
