//===- OwnStreams.cpp - A launch into a stream its thread made for it ----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/OwnStreams.h"
#include "Aggregation/LaunchAggregation.h"
#include "CudaAST/EnclosingStatements.h"
#include "CudaAST/RuntimeCalls.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cdp {
namespace {

/// The variable \p E names as a stream: `s` or `s[i]`.
const DeclRefExpr *streamVariable(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Element = dyn_cast<ArraySubscriptExpr>(E))
    E = Element->getBase()->IgnoreParenImpCasts();
  return dyn_cast<DeclRefExpr>(E);
}

/// The uses of one local stream variable in a function body, sorted into
/// those that keep its streams the thread's own and the rest.
class StreamUses : public RecursiveASTVisitor<StreamUses> {
public:
  StreamUses(const VarDecl &Stream, const ASTContext &Context)
      : Stream(Stream), Context(Context) {}

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Launch) {
    if (const Expr *Operand = streamOf(*Launch))
      if (const DeclRefExpr *Named = named(Operand)) {
        Accounted.insert(Named);
        Launches.push_back(Launch);
      }
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const std::optional<RuntimeCall> Runtime = asRuntimeCall(*Call);
    if (!Runtime)
      return true;
    if (Runtime->Name == "cudaStreamDestroy" && Runtime->Args.size() == 1) {
      if (const DeclRefExpr *Named = named(Runtime->Args[0])) {
        Accounted.insert(Named);
        Calls.push_back(Call);
      }
      return true;
    }
    if (Runtime->Name != "cudaStreamCreateWithFlags" ||
        Runtime->Args.size() != 2)
      return true;
    const auto *Address =
        dyn_cast<UnaryOperator>(Runtime->Args[0]->IgnoreParenImpCasts());
    if (!Address || Address->getOpcode() != UO_AddrOf)
      return true;
    const DeclRefExpr *Named = named(Address->getSubExpr());
    if (!Named)
      return true;
    // The device runtime makes only non-blocking streams; a stream asked
    // for otherwise is not made, and a launch into it fails.
    Expr::EvalResult Flags;
    if (Runtime->Args[1]->EvaluateAsInt(Flags, Context) &&
        Flags.Val.getInt() == CudaStreamNonBlocking) {
      Accounted.insert(Named);
      Calls.push_back(Call);
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Reference) {
    if (Reference->getDecl() == &Stream)
      All.insert(Reference);
    return true;
  }

  bool VisitGotoStmt(GotoStmt *) {
    HasGoto = true;
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) {
    HasGoto = true;
    return true;
  }

  /// Whether every use of the variable creates, destroys or launches into
  /// its streams.
  bool onlyOwnUses() const {
    for (const DeclRefExpr *Reference : All)
      if (!Accounted.contains(Reference))
        return false;
    return true;
  }

  llvm::SmallVector<const CUDAKernelCallExpr *, 2> Launches;
  /// The calls that create or destroy the variable's streams.
  llvm::SmallVector<const CallExpr *, 4> Calls;
  bool HasGoto = false;

private:
  const DeclRefExpr *named(const Expr *E) const {
    const DeclRefExpr *Named = streamVariable(E);
    return Named && Named->getDecl() == &Stream ? Named : nullptr;
  }

  const VarDecl &Stream;
  const ASTContext &Context;
  llvm::SmallPtrSet<const DeclRefExpr *, 8> All;
  llvm::SmallPtrSet<const DeclRefExpr *, 8> Accounted;
};

/// The one parent of \p S, or null.
const Stmt *parentOf(const Stmt &S, ASTContext &Context) {
  DynTypedNodeList Parents = Context.getParents(S);
  return Parents.size() == 1 ? Parents[0].get<Stmt>() : nullptr;
}

/// Whether \p E has no effect but on \p Counter: `++i`, `i++`, `i += 2`.
bool onlySteps(const Expr *E, const VarDecl &Counter, ASTContext &Context) {
  const auto NamesCounter = [&](const Expr *Operand) {
    const auto *Named = dyn_cast<DeclRefExpr>(Operand->IgnoreParenImpCasts());
    return Named && Named->getDecl() == &Counter;
  };
  E = E->IgnoreParens();
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    return Unary->isIncrementDecrementOp() && NamesCounter(Unary->getSubExpr());
  if (const auto *Assign = dyn_cast<CompoundAssignOperator>(E))
    return NamesCounter(Assign->getLHS()) &&
           !Assign->getRHS()->HasSideEffects(Context);
  return false;
}

/// The loop that \p Call is the whole body of, when that loop does nothing
/// else (`for (int i = 0; i < 4; ++i) cudaStreamCreateWithFlags(...);`).
const ForStmt *loopOnlyAround(const CallExpr &Call, ASTContext &Context) {
  const Stmt *Parent = parentOf(Call, Context);
  if (const auto *Braces = dyn_cast_or_null<CompoundStmt>(Parent);
      Braces && Braces->size() == 1)
    Parent = parentOf(*Braces, Context);
  const auto *Loop = dyn_cast_or_null<ForStmt>(Parent);
  if (!Loop || !Loop->getCond() || !Loop->getInc())
    return nullptr;
  const auto *Init = dyn_cast_or_null<DeclStmt>(Loop->getInit());
  const auto *Counter = Init && Init->isSingleDecl()
                            ? dyn_cast<VarDecl>(Init->getSingleDecl())
                            : nullptr;
  if (!Counter ||
      (Counter->getInit() && Counter->getInit()->HasSideEffects(Context)) ||
      Loop->getCond()->HasSideEffects(Context) ||
      !onlySteps(Loop->getInc(), *Counter, Context))
    return nullptr;
  return Loop;
}

/// Whether \p S is a statement of a compound statement, written outside
/// any macro.
bool standsAlone(const Stmt &S, ASTContext &Context) {
  return isa_and_nonnull<CompoundStmt>(parentOf(S, Context)) &&
         S.getBeginLoc().isFileID() && S.getEndLoc().isFileID();
}

/// The local stream variable \p Launch launches into.
const VarDecl *streamOfLaunch(const CUDAKernelCallExpr &Launch) {
  const Expr *Operand = streamOf(Launch);
  const DeclRefExpr *Named = Operand ? streamVariable(Operand) : nullptr;
  return Named ? dyn_cast<VarDecl>(Named->getDecl()) : nullptr;
}

} // namespace

bool launchesOnceIntoOwnStream(const CUDAKernelCallExpr &Launch,
                               const FunctionDecl &Enclosing,
                               ASTContext &Context) {
  const VarDecl *Stream = streamOfLaunch(Launch);
  // A local of this function, not a parameter: no other thread and no
  // other call sees it.
  if (!Stream || isa<ParmVarDecl>(Stream) || !Stream->hasLocalStorage() ||
      Stream->getDeclContext() != &Enclosing || Stream->hasInit())
    return false;
  const Stmt *Body = Enclosing.getBody();
  if (!Body)
    return false;
  StreamUses Uses(*Stream, Context);
  Uses.TraverseStmt(const_cast<Stmt *>(Body));
  return !Uses.HasGoto && Uses.onlyOwnUses() && Uses.Launches.size() == 1 &&
         Uses.Launches.front() == &Launch &&
         !EnclosingStatements::of(*Body, Context).inLoop(Launch);
}

llvm::SmallVector<const Stmt *, 4>
deadOwnStreamStatements(const CUDAKernelCallExpr &Launch,
                        const FunctionDecl &Enclosing, ASTContext &Context) {
  const VarDecl *Stream = streamOfLaunch(Launch);
  const Stmt *Body = Enclosing.getBody();
  if (!Stream || !Body || Enclosing.isTemplateInstantiation() ||
      Enclosing.isDependentContext())
    return {};
  StreamUses Uses(*Stream, Context);
  Uses.TraverseStmt(const_cast<Stmt *>(Body));
  llvm::SmallVector<const Stmt *, 4> Dead;
  const auto Take = [&](const Stmt &S) {
    if (!standsAlone(S, Context))
      return false;
    if (!llvm::is_contained(Dead, &S))
      Dead.push_back(&S);
    return true;
  };
  const DynTypedNodeList Declaration = Context.getParents(*Stream);
  const auto *Statement =
      Declaration.size() == 1 ? Declaration[0].get<DeclStmt>() : nullptr;
  if (!Statement || !Statement->isSingleDecl() || !Take(*Statement))
    return {};
  for (const CallExpr *Call : Uses.Calls) {
    const ForStmt *Loop = loopOnlyAround(*Call, Context);
    if (!Take(Loop ? static_cast<const Stmt &>(*Loop) : *Call))
      return {};
  }
  return Dead;
}

} // namespace cdp
