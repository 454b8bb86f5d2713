//===- FunctionStackVisitor.h - Knows its function --------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A RecursiveASTVisitor that keeps the functions around the node it visits,
// outermost first (a lambda's call operator counts), so that the side a
// statement runs on is known from the traversal, without clang's parent map.
// The lowering and the search for PDL launches both walk this way.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_FUNCTIONSTACKVISITOR_H
#define CDP_LOWER_CUDAAST_FUNCTIONSTACKVISITOR_H

#include "CudaAST/ExecutionSide.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallVector.h"

namespace cdp {

template <class Derived>
class FunctionStackVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  bool TraverseDecl(clang::Decl *D) {
    auto *Function = llvm::dyn_cast_or_null<clang::FunctionDecl>(D);
    if (Function)
      enter(*Function);
    bool Continue = Base::TraverseDecl(D);
    if (Function)
      leave();
    return Continue;
  }

  bool TraverseLambdaExpr(clang::LambdaExpr *Lambda) {
    enter(*Lambda->getCallOperator());
    bool Continue = Base::TraverseLambdaExpr(Lambda);
    leave();
    return Continue;
  }

protected:
  /// The innermost function around the visited node; null outside any.
  const clang::FunctionDecl *currentFunction() const {
    return Enclosing.empty() ? nullptr : Enclosing.back();
  }
  /// The side the visited node runs on (host outside any function).
  LaunchSide currentSide() const {
    return Sides.empty() ? LaunchSide::Host : Sides.back();
  }

private:
  // The side is worked out once per function, not per node asked about:
  // reading a declaration's attributes is a hash lookup in the ASTContext.
  void enter(const clang::FunctionDecl &Function) {
    Enclosing.push_back(&Function);
    Sides.push_back(classifyLaunchSite(Enclosing));
  }
  void leave() {
    Enclosing.pop_back();
    Sides.pop_back();
  }

  llvm::SmallVector<const clang::FunctionDecl *, 4> Enclosing;
  llvm::SmallVector<LaunchSide, 4> Sides;
};

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_FUNCTIONSTACKVISITOR_H
