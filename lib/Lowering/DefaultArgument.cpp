//===- DefaultArgument.cpp - A kernel's default argument at a launch ------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/DefaultArgument.h"

#include "CudaAST/WrittenText.h"
#include "Lowering/KernelSignature.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallString.h"

#include <optional>

using namespace clang;

namespace cdp {
namespace {

/// Whether \p E, as written, is a literal (perhaps negated): it means the
/// same at any launch, and reads best as it is.
bool isLiteral(const Expr &E) {
  // Not IgnoreParenImpCasts, which also looks through a template
  // parameter's substitution (`N`, written, read as `8`).
  auto Strip = [](const Expr *Inner) {
    return Inner->IgnoreParens()->IgnoreImpCasts()->IgnoreParens();
  };
  const Expr *Inner = Strip(&E);
  if (const auto *Unary = dyn_cast<UnaryOperator>(Inner);
      Unary &&
      (Unary->getOpcode() == UO_Minus || Unary->getOpcode() == UO_Plus))
    Inner = Strip(Unary->getSubExpr());
  return isa<IntegerLiteral, FloatingLiteral, CharacterLiteral,
             CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, StringLiteral>(Inner);
}

/// \p Value of type \p Type as a literal of that type; nothing where the
/// type has no such literal or no spelling.
std::optional<std::string> literalOf(const APValue &Value, QualType Type,
                                     const ASTContext &Context) {
  Type = Type.getCanonicalType().getUnqualifiedType();
  if (Type->isNullPtrType() ||
      (Type->isPointerType() && Value.isLValue() && Value.isNullPointer()))
    return std::string("nullptr");
  if (Type->isBooleanType() && Value.isInt())
    return std::string(Value.getInt().getBoolValue() ? "true" : "false");
  std::optional<std::string> Spelled = spellType(Type, Context);
  if (!Spelled)
    return std::nullopt;
  if (Value.isInt() && (Type->isIntegralOrEnumerationType())) {
    const llvm::APSInt &Int = Value.getInt();
    llvm::SmallString<24> Digits;
    Int.toString(Digits, 10);
    if (Type->isSpecificBuiltinType(BuiltinType::Int))
      return std::string(Digits);
    return "static_cast<" + *Spelled + ">(" + Digits.str().str() +
           (Int.isSigned() ? "ll" : "ull") + ")";
  }
  if (Value.isFloat() && Type->isRealFloatingType()) {
    // A hexadecimal literal is exact.
    char Hex[64];
    Value.getFloat().convertToHexString(Hex, 0, false,
                                        llvm::APFloat::rmNearestTiesToEven);
    if (Type->isSpecificBuiltinType(BuiltinType::Double))
      return std::string(Hex);
    if (Type->isSpecificBuiltinType(BuiltinType::Float))
      return std::string(Hex) + "f";
    return "static_cast<" + *Spelled + ">(" + Hex + "L)";
  }
  return std::nullopt;
}

/// \p Written's value as a literal of \p Type, where it is a constant.
std::optional<std::string> constantText(const Expr &Evaluated, QualType Type,
                                        const ASTContext &Context) {
  if (Evaluated.isValueDependent() || Evaluated.isTypeDependent())
    return std::nullopt;
  Expr::EvalResult Result;
  if (!Evaluated.EvaluateAsRValue(Result, Context) || Result.HasSideEffects)
    return std::nullopt;
  return literalOf(Result.Val, Type, Context);
}

} // namespace

std::string defaultArgumentText(const CXXDefaultArgExpr &Default,
                                const ASTContext &Context) {
  const ParmVarDecl &Param = *Default.getParam();
  const std::string Written =
      writtenText(Param.getDefaultArgRange(), Context.getSourceManager(),
                  Context.getLangOpts());
  if (const Expr *AsWritten = Param.getDefaultArg();
      AsWritten && isLiteral(*AsWritten))
    return Written;
  if (std::optional<std::string> Value =
          constantText(*Default.getExpr(), Param.getType(), Context))
    return *Value;
  return Written;
}

std::string defaultArgumentText(const ParmVarDecl &Param,
                                const ASTContext &Context) {
  const std::string Written =
      writtenText(Param.getDefaultArgRange(), Context.getSourceManager(),
                  Context.getLangOpts());
  const Expr *AsWritten = Param.getDefaultArg();
  if (!AsWritten || isLiteral(*AsWritten) || Param.getType()->isDependentType())
    return Written;
  if (std::optional<std::string> Value =
          constantText(*AsWritten, Param.getType(), Context))
    return *Value;
  return Written;
}

} // namespace cdp
