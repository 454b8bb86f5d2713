//===- KernelValues.cpp - Which values of a kernel can be had again -------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/KernelValues.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cdp {

llvm::StringRef indexVariableRead(const Expr &E) {
  const auto *Pseudo = dyn_cast<PseudoObjectExpr>(E.IgnoreParenImpCasts());
  if (!Pseudo)
    return "";
  const auto *Property =
      dyn_cast<MSPropertyRefExpr>(Pseudo->getSyntacticForm());
  if (!Property)
    return "";
  const Expr *Base = Property->getBaseExpr()->IgnoreImplicit();
  if (const auto *Opaque = dyn_cast<OpaqueValueExpr>(Base))
    Base = Opaque->getSourceExpr()->IgnoreImplicit();
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  if (!Ref)
    return "";
  llvm::StringRef Name = Ref->getDecl()->getName();
  if (Name == "threadIdx" || Name == "blockIdx" || Name == "blockDim" ||
      Name == "gridDim")
    return Name;
  return "";
}

/// The variable an lvalue names, through members of it and elements of an
/// array it is.
static const VarDecl *variableOf(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Member = dyn_cast<MemberExpr>(E)) {
      if (Member->isArrow())
        return nullptr;
      E = Member->getBase();
    } else if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
      if (!Subscript->getBase()->getType()->isArrayType() &&
          !Subscript->getBase()
               ->IgnoreParenImpCasts()
               ->getType()
               ->isArrayType())
        return nullptr;
      E = Subscript->getBase();
    } else {
      break;
    }
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return dyn_cast<VarDecl>(Ref->getDecl());
  return nullptr;
}

namespace {
class ChangeFinder : public RecursiveASTVisitor<ChangeFinder> {
public:
  explicit ChangeFinder(llvm::DenseSet<const VarDecl *> &Changed)
      : Changed(Changed) {}
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      mark(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      mark(U->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Call) {
    if (Call->isAssignmentOp() || Call->getOperator() == OO_PlusPlus ||
        Call->getOperator() == OO_MinusMinus || Call->getOperator() == OO_Amp)
      if (Call->getNumArgs() > 0)
        mark(Call->getArg(0));
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    // An argument bound to a reference to non-const may be changed.
    const FunctionDecl *Callee = Call->getDirectCallee();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const Expr *Arg = Call->getArg(I);
      if (!Callee || I >= Callee->getNumParams()) {
        if (Arg->isGLValue())
          mark(Arg);
        continue;
      }
      QualType Param = Callee->getParamDecl(I)->getType();
      if (Param->isReferenceType() &&
          !Param.getNonReferenceType().isConstQualified())
        mark(Arg);
    }
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    if (const CXXMethodDecl *Method = Call->getMethodDecl())
      if (!Method->isConst())
        mark(Call->getImplicitObjectArgument());
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->getType()->isReferenceType() && V->getInit() &&
        !V->getType().getNonReferenceType().isConstQualified())
      mark(V->getInit());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    for (const LambdaCapture &Capture : Lambda->captures())
      if (Capture.capturesVariable() && Capture.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(Capture.getCapturedVar()))
          Changed.insert(V);
    return true;
  }

private:
  void mark(const Expr *E) {
    if (const VarDecl *V = variableOf(E))
      Changed.insert(V);
  }
  llvm::DenseSet<const VarDecl *> &Changed;
};
} // namespace

KernelValues::KernelValues(const FunctionDecl &Kernel) {
  ChangeFinder(Changed).TraverseDecl(const_cast<FunctionDecl *>(&Kernel));
}

bool KernelValues::isRecomputable(const VarDecl &V, bool ThreadIndices) const {
  if (isChanged(V))
    return false;
  if (isa<ParmVarDecl>(V))
    return true;
  if (!V.isLocalVarDecl() || V.isStaticLocal() || !V.getInit() ||
      V.getType()->isReferenceType() || V.hasAttr<CUDASharedAttr>())
    return false;
  return isRecomputable(*V.getInit(), ThreadIndices);
}

bool KernelValues::isRecomputable(const Expr &E, bool ThreadIndices) const {
  const Expr *Bare = E.IgnoreParens();
  if (!indexVariableRead(*Bare).empty())
    return ThreadIndices || indexVariableRead(*Bare) == "blockDim" ||
           indexVariableRead(*Bare) == "gridDim";
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          CXXNullPtrLiteralExpr, UnaryExprOrTypeTraitExpr>(Bare))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Bare)) {
    const ValueDecl *D = Ref->getDecl();
    if (isa<EnumConstantDecl>(D))
      return true;
    const auto *V = dyn_cast<VarDecl>(D);
    if (!V)
      return false;
    if (V->isConstexpr())
      return true;
    return isRecomputable(*V, ThreadIndices);
  }
  if (const auto *Cast = dyn_cast<CastExpr>(Bare)) {
    // Reading a variable is an lvalue-to-rvalue cast of it.
    return isRecomputable(*Cast->getSubExpr(), ThreadIndices);
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(Bare)) {
    switch (Unary->getOpcode()) {
    case UO_Plus:
    case UO_Minus:
    case UO_Not:
    case UO_LNot:
      return isRecomputable(*Unary->getSubExpr(), ThreadIndices);
    default:
      return false; // Reads memory (*p) or changes a variable.
    }
  }
  if (const auto *Binary = dyn_cast<BinaryOperator>(Bare))
    return !Binary->isAssignmentOp() && !Binary->isCommaOp() &&
           isRecomputable(*Binary->getLHS(), ThreadIndices) &&
           isRecomputable(*Binary->getRHS(), ThreadIndices);
  if (const auto *Conditional = dyn_cast<ConditionalOperator>(Bare))
    return isRecomputable(*Conditional->getCond(), ThreadIndices) &&
           isRecomputable(*Conditional->getTrueExpr(), ThreadIndices) &&
           isRecomputable(*Conditional->getFalseExpr(), ThreadIndices);
  return false;
}

} // namespace cdp
