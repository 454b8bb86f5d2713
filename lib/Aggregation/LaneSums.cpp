//===- LaneSums.cpp - Shared totals a serial run adds up in each lane -----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaneSums.h"

#include "Aggregation/BarrierPhases.h"
#include "CudaAST/EnclosingStatements.h"
#include "Lowering/StatementSlot.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace cdp {
namespace {

/// Whether \p Type is one a lane sum keeps: an integer type of atomicAdd's,
/// whose additions wrap (so that any grouping gives the same total).
bool isSummedType(QualType Type) {
  if (Type.isVolatileQualified())
    return false;
  const auto *Builtin = Type->getAs<BuiltinType>();
  return Builtin && (Builtin->getKind() == BuiltinType::Int ||
                     Builtin->getKind() == BuiltinType::UInt ||
                     Builtin->getKind() == BuiltinType::ULongLong);
}

/// The parent of \p E among \p Statements, past parentheses and implicit
/// casts.
const Stmt *parentPastParens(const EnclosingStatements &Statements,
                             const Expr &E) {
  const Stmt *Child = &E;
  for (;;) {
    const Stmt *Parent = Statements.parentOf(*Child);
    if (!Parent || !isa<ParenExpr, ImplicitCastExpr>(Parent))
      return Parent;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent);
        Cast && Cast->getCastKind() == CK_LValueToRValue)
      return Parent;
    Child = Parent;
  }
}

/// The call that takes `&variable` (\p Ref) as its first argument, when
/// its callee's name starts with "atomic"; else null.
const CallExpr *atomicTaking(const EnclosingStatements &Statements,
                             const DeclRefExpr &Ref) {
  const auto *Address =
      dyn_cast_or_null<UnaryOperator>(parentPastParens(Statements, Ref));
  if (!Address || Address->getOpcode() != UO_AddrOf)
    return nullptr;
  const auto *Call =
      dyn_cast_or_null<CallExpr>(parentPastParens(Statements, *Address));
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() ||
      !Callee->getName().starts_with("atomic") || Call->getNumArgs() == 0 ||
      Call->getArg(0)->IgnoreParenImpCasts() != Address)
    return nullptr;
  return Call;
}

/// Whether \p Call is `atomicAdd(&variable, value);`, a statement of its
/// own in \p Instance, written in the file (not in a macro), whose callee
/// takes a pointer to the variable's type.
bool isAddition(const FunctionDecl &Instance, const CallExpr &Call,
                const VarDecl &Variable) {
  ASTContext &Context = Instance.getASTContext();
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (Callee->getName() != "atomicAdd" || Call.getNumArgs() != 2 ||
      Callee->getNumParams() != 2)
    return false;
  const QualType Pointee = Callee->getParamDecl(0)->getType()->getPointeeType();
  return !Pointee.isNull() &&
         Context.hasSameUnqualifiedType(Pointee, Variable.getType()) &&
         Call.getBeginLoc().isFileID() && Call.getEndLoc().isFileID() &&
         statementSlotOf(Instance, Context, Call);
}

/// Whether the use \p Ref of a variable only reads or writes its value:
/// a load, the left side of an assignment, or an increment. Anything else
/// (a reference bound to it, its address taken) may reach it later by
/// another name.
bool isPlainUse(const EnclosingStatements &Statements, const DeclRefExpr &Ref) {
  const Stmt *Parent = parentPastParens(Statements, Ref);
  if (const auto *Cast = dyn_cast_or_null<ImplicitCastExpr>(Parent))
    return Cast->getCastKind() == CK_LValueToRValue;
  if (const auto *Binary = dyn_cast_or_null<BinaryOperator>(Parent))
    return Binary->isAssignmentOp() && Binary->getLHS()->IgnoreParens() == &Ref;
  if (const auto *Unary = dyn_cast_or_null<UnaryOperator>(Parent))
    return Unary->isIncrementDecrementOp();
  return false;
}

/// The uses of the shared variables in one statement of \p Instance: each a
/// use that is an addition (its call), or another (null). Uses inside a
/// lambda are others: the lambda may copy what it captures.
struct SharedUses : RecursiveASTVisitor<SharedUses> {
  SharedUses(const FunctionDecl &Instance,
             const llvm::DenseSet<const VarDecl *> &Shared)
      : Instance(Instance), Statements(EnclosingStatements::of(
                                *Instance.getBody(), Instance.getASTContext())),
        Shared(Shared) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseLambdaExpr(LambdaExpr *Lambda) {
    ++InLambda;
    const bool Result =
        RecursiveASTVisitor<SharedUses>::TraverseLambdaExpr(Lambda);
    --InLambda;
    return Result;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (!Var || !Shared.contains(Var))
      return true;
    const CallExpr *Atomic =
        InLambda ? nullptr : atomicTaking(Statements, *Ref);
    if (!Atomic && !isPlainUse(Statements, *Ref))
      Escapes.insert(Var);
    Uses.push_back({Var, Atomic && isAddition(Instance, *Atomic, *Var)
                             ? Atomic
                             : nullptr});
    return true;
  }

  const FunctionDecl &Instance;
  const EnclosingStatements &Statements;
  const llvm::DenseSet<const VarDecl *> &Shared;
  unsigned InLambda = 0;
  llvm::SmallVector<std::pair<const VarDecl *, const CallExpr *>, 8> Uses;
  /// The variables that may be reached by another name.
  llvm::DenseSet<const VarDecl *> Escapes;
};

/// The calls of \p Written's body by where they begin, for the value of an
/// addition as written (in a template, before its instances' types).
struct WrittenCalls : RecursiveASTVisitor<WrittenCalls> {
  bool VisitCallExpr(CallExpr *Call) {
    At[Call->getBeginLoc()] = Call;
    return true;
  }
  llvm::DenseMap<SourceLocation, const CallExpr *> At;
};

/// Whether the value \p Call adds, as \p Written spells it, has the
/// variable's type \p Type in every instance.
bool convertsNothing(const CallExpr &Call, const WrittenCalls &Written,
                     QualType Type, ASTContext &Context) {
  const CallExpr *AsWritten = Written.At.lookup(Call.getBeginLoc());
  if (!AsWritten || AsWritten->getNumArgs() != 2)
    return false;
  const Expr *Value = AsWritten->getArg(1)->IgnoreParenImpCasts();
  return !Value->isTypeDependent() &&
         Context.hasSameUnqualifiedType(Value->getType(), Type);
}

} // namespace

std::vector<LaneSum> findLaneSums(const FunctionDecl &Instance,
                                  const FunctionDecl &Written,
                                  const BarrierPhases &Phases) {
  ASTContext &Context = Instance.getASTContext();
  // The variables of a type every instance shares, and summed.
  llvm::DenseSet<StringRef> WrittenSummed;
  for (const VarDecl *Var : sharedVariables(Written))
    if (!Var->getType()->isDependentType() && isSummedType(Var->getType()))
      WrittenSummed.insert(Var->getName());
  const llvm::SmallVector<const VarDecl *, 4> Variables =
      sharedVariables(Instance);
  llvm::DenseSet<const VarDecl *> Candidates;
  for (const VarDecl *Var : Variables)
    if (Var->getIdentifier() && WrittenSummed.contains(Var->getName()))
      Candidates.insert(Var);
  if (Candidates.empty())
    return {};

  // The uses of each phase: its statements and the declarations of
  // earlier phases it declares again.
  SharedUses Whole(Instance, Candidates);
  std::vector<SharedUses> InPhase(Phases.phases(),
                                  SharedUses(Instance, Candidates));
  unsigned Phase = 0;
  const auto *Body = cast<CompoundStmt>(Instance.getBody());
  for (const Stmt *S : Body->body()) {
    if (Phase < Phases.Barriers.size() &&
        S->getBeginLoc() == Phases.Barriers[Phase]->getBeginLoc()) {
      ++Phase;
      continue;
    }
    Whole.TraverseStmt(const_cast<Stmt *>(S));
    InPhase[Phase].TraverseStmt(const_cast<Stmt *>(S));
  }
  for (unsigned P = 0; P < Phases.phases(); ++P)
    for (const DeclStmt *Again : Phases.Redeclared[P])
      InPhase[P].TraverseStmt(const_cast<DeclStmt *>(Again));

  WrittenCalls Calls;
  Calls.TraverseStmt(Written.getBody());
  std::vector<LaneSum> Sums;
  for (unsigned P = 0; P < Phases.phases(); ++P)
    for (const VarDecl *Var : Variables) {
      if (!Candidates.contains(Var) || Whole.Escapes.contains(Var))
        continue;
      LaneSum Sum{Var, P, {}};
      bool OnlyAdded = true;
      for (const auto &[Used, Addition] : InPhase[P].Uses)
        if (Used == Var) {
          OnlyAdded = OnlyAdded && Addition;
          if (Addition)
            Sum.Additions.push_back(
                {Addition,
                 !convertsNothing(*Addition, Calls, Var->getType(), Context)});
        }
      if (OnlyAdded && !Sum.Additions.empty())
        Sums.push_back(std::move(Sum));
    }
  return Sums;
}

} // namespace cdp
