//===- EnclosingStatements.cpp - What holds a launch in its body ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/EnclosingStatements.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <mutex>

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

namespace {

/// The bodies' maps of one ASTContext. A context is one thread's (files
/// are parsed in parallel), so only the table of contexts is shared.
using BodyMaps =
    llvm::DenseMap<const Stmt *, std::unique_ptr<EnclosingStatements>>;

std::mutex ContextsLock;
llvm::DenseMap<const ASTContext *, std::unique_ptr<BodyMaps>> Contexts;

/// \p Context's maps, forgotten as it is destroyed, before another context
/// can take its address.
BodyMaps &mapsOf(ASTContext &Context) {
  std::lock_guard<std::mutex> Guard(ContextsLock);
  auto [Entry, Added] = Contexts.try_emplace(&Context);
  if (Added) {
    Entry->second = std::make_unique<BodyMaps>();
    Context.AddDeallocation(
        [](void *Dying) {
          std::lock_guard<std::mutex> Guard(ContextsLock);
          Contexts.erase(static_cast<const ASTContext *>(Dying));
        },
        &Context);
  }
  return *Entry->second;
}

} // namespace

std::size_t EnclosingStatements::contextsKept() {
  std::lock_guard<std::mutex> Guard(ContextsLock);
  return Contexts.size();
}

const EnclosingStatements &EnclosingStatements::of(const Stmt &Body,
                                                   ASTContext &Context) {
  std::unique_ptr<EnclosingStatements> &Statements = mapsOf(Context)[&Body];
  if (!Statements)
    Statements = std::make_unique<EnclosingStatements>(Body);
  return *Statements;
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
