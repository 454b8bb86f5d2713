//===- NamedMemory.cpp - The memory an expression names -------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Checks/NamedMemory.h"

using namespace clang;

namespace cdp {

std::optional<NamedMemory> pointeeOf(const Expr &Pointer) {
  const Expr *E = Pointer.IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    if (Cast->getCastKind() == CK_ArrayToPointerDecay)
      return objectOf(*Cast->getSubExpr());
    return pointeeOf(*Cast->getSubExpr());
  }
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    if (Unary->getOpcode() == UO_AddrOf)
      return objectOf(*Unary->getSubExpr());
  if (const auto *Binary = dyn_cast<BinaryOperator>(E))
    if (Binary->isAdditiveOp())
      return pointeeOf(Binary->getLHS()->getType()->isPointerType()
                           ? *Binary->getLHS()
                           : *Binary->getRHS());
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      if (Var->getType()->isPointerType())
        return NamedMemory{Var, true};
  return std::nullopt;
}

std::optional<NamedMemory> objectOf(const Expr &LValue) {
  const Expr *E = LValue.IgnoreParenImpCasts();
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
    return pointeeOf(*Subscript->getBase());
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return Member->isArrow() ? pointeeOf(*Member->getBase())
                             : objectOf(*Member->getBase());
  if (const auto *Unary = dyn_cast<UnaryOperator>(E))
    if (Unary->getOpcode() == UO_Deref)
      return pointeeOf(*Unary->getSubExpr());
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      return NamedMemory{Var, false};
  return std::nullopt;
}

} // namespace cdp
