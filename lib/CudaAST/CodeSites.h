//===- CodeSites.h - The function and side of each call ---------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks ask two things of each launch and runtime call they inspect:
// the function it is written in, and whether that runs on the host or the
// GPU. clang's parent map answers both, but building it walks and records
// every node of the code, which cost about an eighth of clang's own parse
// on a file of 10,000 launches. One walk that keeps the function stack
// (FunctionStackVisitor) records the answer for just the statements the
// checks ask about, in a tenth of that time.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_CODESITES_H
#define CDP_LOWER_CUDAAST_CODESITES_H

#include "CudaAST/ExecutionSide.h"

#include "llvm/ADT/DenseMap.h"

namespace clang {
class ASTContext;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace cdp {

/// Where a statement is written.
struct CodeSite {
  /// The innermost function (or lambda call operator); null at file scope.
  const clang::FunctionDecl *Function;
  LaunchSide Side;
};

/// The sites of the calls (launches included), the recovery expressions
/// clang leaves for unresolved calls, and the asm statements in the
/// context's traversal scope, template instantiations included.
class CodeSites {
public:
  explicit CodeSites(clang::ASTContext &Context);

  /// Null when \p S is outside the traversal scope or not one of the
  /// statements recorded.
  const CodeSite *find(const clang::Stmt &S) const;

private:
  llvm::DenseMap<const clang::Stmt *, CodeSite> Sites;
};

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_CODESITES_H
