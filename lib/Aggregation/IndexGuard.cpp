//===- IndexGuard.cpp - The threads a child returns from at once ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/IndexGuard.h"

#include "Aggregation/ReadableTwice.h"
#include "CudaAST/KernelValues.h"
#include "CudaAST/WrittenText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cdp {
namespace {

/// \p E without parentheses and conversions to integer types of 32 bits
/// or more, which keep the value of an index of a serial run's grid.
const Expr *withoutWidening(const Expr *E, const ASTContext &Context) {
  while (true) {
    E = E->IgnoreParens();
    const auto *Cast = dyn_cast<CastExpr>(E);
    if (!Cast || !Cast->getType()->isIntegerType() ||
        Context.getIntWidth(Cast->getType()) < 32)
      return E;
    E = Cast->getSubExpr();
  }
}

/// Whether \p E reads only \p Child's parameters, globals (not shared
/// memory, not the CUDA index variables) and constants: the same in every
/// thread of the grid, and in the serial run's wrapper, which has the
/// child's parameters.
bool sameInEveryThread(const Expr &E, const FunctionDecl &Child) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const FunctionDecl &Child;
    bool Same = true;
    explicit Finder(const FunctionDecl &Child) : Child(Child) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      const ValueDecl *D = Ref->getDecl();
      if (const auto *Param = dyn_cast<ParmVarDecl>(D))
        Same = Param->getDeclContext() == &Child;
      else if (const auto *Var = dyn_cast<VarDecl>(D))
        Same = Var->hasGlobalStorage() && !Var->isStaticLocal() &&
               !Var->hasAttr<CUDASharedAttr>();
      else
        Same = isa<EnumConstantDecl, FunctionDecl>(D);
      return Same;
    }
    bool VisitLambdaExpr(LambdaExpr *) { return Same = false; }
  } Find(Child);
  Find.TraverseStmt(const_cast<Expr *>(&E));
  return Find.Same;
}

/// Finds the guard of a child's body, statement by statement.
class GuardFinder {
public:
  GuardFinder(const FunctionDecl &Child, ASTContext &Context)
      : Child(Child), Context(Context) {}

  std::optional<std::string> find() {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Child.getBody());
    if (!Body)
      return std::nullopt;
    for (auto It = Body->body_begin(); It != Body->body_end(); ++It) {
      const Stmt *S = *It;
      if (isa<NullStmt>(S))
        continue;
      if (const auto *Declarations = dyn_cast<DeclStmt>(S)) {
        if (!declaresWithoutEffect(*Declarations))
          return std::nullopt;
        continue;
      }
      const auto *If = dyn_cast<IfStmt>(S);
      if (!If || If->getInit() || If->getConditionVariable() || If->getElse() ||
          If->isConsteval() || If->isConstexpr())
        return std::nullopt;
      if (isReturn(If->getThen()))
        return boundIn(If->getCond(), BO_LOr);
      // `if (i < n) { ... }` guards the rest only as the last statement.
      if (std::all_of(std::next(It), Body->body_end(),
                      [](const Stmt *After) { return isa<NullStmt>(After); }))
        return boundIn(If->getCond(), BO_LAnd);
      return std::nullopt;
    }
    return std::nullopt;
  }

private:
  /// Declarations that a thread may skip: of locals whose initializers
  /// change nothing (or are the x index: then they are index variables),
  /// with nothing to destroy.
  bool declaresWithoutEffect(const DeclStmt &Declarations) {
    for (const Decl *D : Declarations.decls()) {
      const auto *Var = dyn_cast<VarDecl>(D);
      if (!Var)
        continue; // A type, a using declaration.
      if (!Var->isLocalVarDecl() || Var->isStaticLocal() ||
          Var->hasAttr<CUDASharedAttr>() || Var->getType().isDestructedType())
        return false;
      const Expr *Init = Var->getInit();
      if (!Init)
        continue;
      if (Var->getType()->isIntegerType() &&
          Context.getIntWidth(Var->getType()) >= 32 && isXIndex(Init, Context))
        IndexVariables.insert(Var);
      else if (!readableTwice(*Init, Context))
        return false;
    }
    return true;
  }

  static bool isReturn(const Stmt *S) {
    if (const auto *Block = dyn_cast<CompoundStmt>(S))
      S = Block->size() == 1 ? Block->body_front() : nullptr;
    return S && isa<ReturnStmt>(S);
  }

  bool isIndex(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(withoutWidening(E, Context));
    if (Ref && IndexVariables.contains(Ref->getDecl()))
      return true;
    return isXIndex(E, Context);
  }

  /// The bound in \p Condition, a chain of \p Joiner (|| for a guard that
  /// returns, && for one that wraps the rest): one of its operands is
  /// `index >= bound` (or `index < bound`), and those before it change
  /// nothing.
  std::optional<std::string> boundIn(const Expr *Condition,
                                     BinaryOperatorKind Joiner) {
    const auto *Operator = dyn_cast<BinaryOperator>(Condition->IgnoreParens());
    if (!Operator)
      return std::nullopt;
    if (Operator->getOpcode() == Joiner) {
      if (std::optional<std::string> Bound =
              boundIn(Operator->getLHS(), Joiner))
        return Bound;
      if (!readableTwice(*Operator->getLHS(), Context))
        return std::nullopt;
      return boundIn(Operator->getRHS(), Joiner);
    }
    const bool Returns = Joiner == BO_LOr;
    const Expr *Bound = nullptr;
    if (Operator->getOpcode() == (Returns ? BO_GE : BO_LT) &&
        isIndex(Operator->getLHS()))
      Bound = Operator->getRHS();
    else if (Operator->getOpcode() == (Returns ? BO_LE : BO_GT) &&
             isIndex(Operator->getRHS()))
      Bound = Operator->getLHS();
    if (!Bound)
      return std::nullopt;
    return boundText(*Bound, Operator->getLHS()->getType());
  }

  /// \p Bound's text, converted to \p Compared, the type the guard
  /// compares in (an integer type), when it is of another type.
  std::optional<std::string> boundText(const Expr &Bound, QualType Compared) {
    if (!Compared->isIntegerType() || !readableTwice(Bound, Context) ||
        !sameInEveryThread(Bound, Child))
      return std::nullopt;
    std::string Text =
        writtenText(Bound.getSourceRange(), Context.getSourceManager(),
                    Context.getLangOpts());
    Expr::EvalResult Constant;
    if (Text.empty() && Bound.EvaluateAsInt(Constant, Context))
      Text = llvm::toString(Constant.Val.getInt(), 10);
    if (Text.empty())
      return std::nullopt;
    const Expr *Written = Bound.IgnoreParenImpCasts();
    if (Context.hasSameUnqualifiedType(Written->getType(), Compared))
      return Text;
    return "(" +
           Compared.getUnqualifiedType().getAsString(
               Context.getPrintingPolicy()) +
           ")(" + Text + ")";
  }

  const FunctionDecl &Child;
  ASTContext &Context;
  llvm::SmallPtrSet<const Decl *, 4> IndexVariables;
};

} // namespace

bool isXIndex(const Expr *E, const ASTContext &Context) {
  const auto *Sum = dyn_cast<BinaryOperator>(withoutWidening(E, Context));
  if (!Sum || Sum->getOpcode() != BO_Add)
    return false;
  auto IsBlockStart = [&](const Expr *Side) {
    const auto *Product =
        dyn_cast<BinaryOperator>(withoutWidening(Side, Context));
    if (!Product || Product->getOpcode() != BO_Mul)
      return false;
    llvm::StringRef Left =
        xMemberOf(withoutWidening(Product->getLHS(), Context));
    llvm::StringRef Right =
        xMemberOf(withoutWidening(Product->getRHS(), Context));
    return (Left == "blockIdx" && Right == "blockDim") ||
           (Left == "blockDim" && Right == "blockIdx");
  };
  auto IsThread = [&](const Expr *Side) {
    return xMemberOf(withoutWidening(Side, Context)) == "threadIdx";
  };
  return (IsBlockStart(Sum->getLHS()) && IsThread(Sum->getRHS())) ||
         (IsThread(Sum->getLHS()) && IsBlockStart(Sum->getRHS()));
}

std::optional<IndexMember> indexMemberOf(const Expr *E) {
  const llvm::StringRef Variable = indexVariableRead(*E);
  if (Variable.empty())
    return std::nullopt;
  // indexVariableRead found the property read.
  const auto *Property = cast<MSPropertyRefExpr>(
      cast<PseudoObjectExpr>(E->IgnoreParenImpCasts())->getSyntacticForm());
  const llvm::StringRef Name = Property->getPropertyDecl()->getName();
  if (Name.size() != 1 || Name[0] < 'x' || Name[0] > 'z')
    return std::nullopt;
  return IndexMember{Variable, unsigned(Name[0] - 'x')};
}

llvm::StringRef xMemberOf(const Expr *E) {
  const std::optional<IndexMember> Member = indexMemberOf(E);
  return Member && Member->Component == 0 ? Member->Variable : "";
}

std::optional<unsigned> threadIndexTestedZero(
    const Expr &Test, const ASTContext &Context,
    llvm::function_ref<std::optional<IndexMember>(const Expr *)> MemberOf) {
  auto ThreadIndex = [&](const Expr *E) -> std::optional<unsigned> {
    const std::optional<IndexMember> Member = MemberOf(E);
    if (Member && Member->Variable == "threadIdx")
      return Member->Component;
    return std::nullopt;
  };
  auto IsZero = [&](const Expr *E) {
    Expr::EvalResult Value;
    return !E->isValueDependent() && E->EvaluateAsInt(Value, Context) &&
           Value.Val.getInt().isZero();
  };
  const Expr *E = Test.IgnoreParenImpCasts();
  if (const auto *Not = dyn_cast<UnaryOperator>(E))
    return Not->getOpcode() == UO_LNot ? ThreadIndex(Not->getSubExpr())
                                       : std::nullopt;
  const auto *Equal = dyn_cast<BinaryOperator>(E);
  if (!Equal || Equal->getOpcode() != BO_EQ)
    return std::nullopt;
  if (IsZero(Equal->getRHS()))
    return ThreadIndex(Equal->getLHS());
  if (IsZero(Equal->getLHS()))
    return ThreadIndex(Equal->getRHS());
  return std::nullopt;
}

std::optional<std::string> indexGuardBound(const FunctionDecl &Child,
                                           ASTContext &Context) {
  return GuardFinder(Child, Context).find();
}

} // namespace cdp
