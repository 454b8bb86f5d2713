//===- ReadableTwice.cpp - Expressions that may be evaluated again --------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/ReadableTwice.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;

namespace cdp {
namespace {

bool readableTwiceWithin(const Expr &E, const ASTContext &Context,
                         unsigned CallsDeep);

/// Whether a call of \p Callee can change nothing but its result: a
/// constexpr function (or constructor) that takes no reference or pointer
/// to something it may modify, and as a method, does not modify its object.
bool callChangesNothing(const FunctionDecl &Callee) {
  if (!Callee.isConstexpr())
    return false;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(&Callee))
    if (Method->isInstance() && !Method->isConst() &&
        !isa<CXXConstructorDecl>(Method))
      return false;
  for (const ParmVarDecl *Param : Callee.parameters()) {
    QualType Type = Param->getType();
    if (Type->isReferenceType() || Type->isPointerType())
      if (!Type->getPointeeType().isConstQualified())
        return false;
  }
  return true;
}

/// Whether \p Callee is one of the CUDA math API's functions of values
/// (declared in a system header, taking no pointer or reference), which
/// grid sizes are written with: `ceil((float)n / 32)`, `min(n, 64)`.
/// By name: the headers mark them neither constexpr nor const.
bool isMathOfValues(const FunctionDecl &Callee, const SourceManager &SM) {
  // clang-format off
  static const llvm::StringSet<> Names = {
      "ceil", "ceilf", "floor", "floorf", "trunc", "truncf", "round",
      "roundf", "rint", "rintf", "lround", "lroundf", "llround", "llroundf",
      "lrint", "lrintf", "llrint", "llrintf", "min", "max", "umin", "umax",
      "llmin", "llmax", "ullmin", "ullmax", "fmin", "fminf", "fmax", "fmaxf",
      "abs", "labs", "llabs", "fabs", "fabsf", "sqrt", "sqrtf", "cbrt",
      "cbrtf", "log2", "log2f", "exp2", "exp2f", "pow", "powf", "ldexp",
      "ldexpf", "__clz", "__clzll", "__popc", "__popcll", "__ffs", "__ffsll",
      "__fdividef", "__float2int_rd", "__float2int_rn", "__float2int_ru",
      "__float2int_rz", "__float2uint_rd", "__float2uint_rn",
      "__float2uint_ru", "__float2uint_rz", "__double2int_rd",
      "__double2int_rn", "__double2int_ru", "__double2int_rz",
      "__int2float_rn", "__uint2float_rn"};
  // clang-format on
  if (!Callee.getIdentifier() || !Names.contains(Callee.getName()) ||
      !SM.isInSystemHeader(Callee.getLocation()))
    return false;
  return llvm::none_of(Callee.parameters(), [](const ParmVarDecl *Param) {
    return Param->getType()->isReferenceType() ||
           Param->getType()->isPointerType();
  });
}

/// readableTwice, with accessors followed at most \p CallsDeep calls deep.
bool readableTwiceWithin(const Expr &E, const ASTContext &Context,
                         unsigned CallsDeep) {
  if (E.HasSideEffects(Context, /*IncludePossibleEffects=*/false))
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    const SourceManager &SM;
    const ASTContext &Context;
    unsigned CallsDeep;
    bool Safe = true;
    Finder(const ASTContext &Context, unsigned CallsDeep)
        : SM(Context.getSourceManager()), Context(Context),
          CallsDeep(CallsDeep) {}
    bool shouldVisitImplicitCode() const { return true; }
    bool VisitCallExpr(CallExpr *Call) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      Safe = Callee &&
             (callChangesNothing(*Callee) || isMathOfValues(*Callee, SM) ||
              returnsReadableTwice(*Callee));
      return Safe;
    }
    /// An accessor: a function (not virtual) whose body is a return of an
    /// expression readable twice, a few calls deep at most.
    bool returnsReadableTwice(const FunctionDecl &Callee) {
      const auto *Method = dyn_cast<CXXMethodDecl>(&Callee);
      if (CallsDeep == 0 || (Method && Method->isVirtual()))
        return false;
      const FunctionDecl *Definition = nullptr;
      if (!Callee.hasBody(Definition))
        return false;
      const auto *Body = dyn_cast<CompoundStmt>(Definition->getBody());
      const auto *Return = Body && Body->size() == 1
                               ? dyn_cast<ReturnStmt>(Body->body_front())
                               : nullptr;
      return Return && Return->getRetValue() &&
             readableTwiceWithin(*Return->getRetValue(), Context,
                                 CallsDeep - 1);
    }
    bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
      const CXXConstructorDecl *Constructor = Construct->getConstructor();
      Safe = Constructor->isTrivial() || callChangesNothing(*Constructor);
      return Safe;
    }
  } Find(Context, CallsDeep);
  Find.TraverseStmt(const_cast<Expr *>(&E));
  return Find.Safe;
}

} // namespace

bool readableTwice(const Expr &E, const ASTContext &Context) {
  return readableTwiceWithin(E, Context, /*CallsDeep=*/4);
}

} // namespace cdp
