//===- SyncSplit.h - One device-side sync and its continuation --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the migration of one cudaDeviceSynchronize() decides: the statement
// the call is, the statements around it, the shape of its continuation,
// the pieces of code that move into it and the values it carries. The
// analysis (SyncAnalysis.h) fills it in; the writer (ContinuationWriter.h)
// turns it into edits.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_MIGRATION_SYNCSPLIT_H
#define CDP_LOWER_MIGRATION_SYNCSPLIT_H

#include "CudaAST/SourceSpans.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace cdp {

/// What a synchronisation becomes: nothing (nothing runs after it), or a
/// continuation launched by each thread, or one of the grid's shape.
enum class Shape { Remove, PerThread, WholeGrid };

/// One part of a continuation's body, in the order it runs.
struct Piece {
  enum Kind { Statement, ForIncrement, LoopAgain, Statements } Kind;
  const clang::Stmt *S; ///< The statement; the loop for the two others.
  unsigned Depth; ///< Index in Split::Ancestors of the statement's parent.
  /// Statements: consecutive statements of one block, with the comments
  /// before the first.
  Span Run = {};
};

/// One cudaDeviceSynchronize() and what it becomes.
struct Split {
  const clang::CallExpr *Call = nullptr;
  /// The statement that is the call, or the ErrorCheck around it.
  const clang::Stmt *Statement = nullptr;
  /// `if (cudaDeviceSynchronize() != cudaSuccess) { ...; return; }`: the
  /// 'if' that tests the call's result. It stays in the kernel after the
  /// continuation's launch, testing that launch's error (cudaGetLastError())
  /// as CDP1 code tested the synchronisation's.
  const clang::IfStmt *ErrorCheck = nullptr;
  /// The ErrorCheck's branch is `return;` alone: the 'if' goes, as the
  /// thread returns after the launch anyway.
  bool ErrorCheckOnlyReturns = false;
  /// `cudaError_t err = cudaGetLastError();` (or an assignment, or
  /// cudaPeekAtLastError) right after the call: it stays in the kernel,
  /// before the continuation's launch, and the continuation gets its value.
  /// It reads the launching thread's own launch errors, which are all CDP2
  /// tells a parent; in the continuation it would read the continuation's
  /// own thread's, which has launched nothing.
  const clang::Stmt *ErrorRead = nullptr;
  /// The statements around it, from the kernel's body inwards.
  llvm::SmallVector<const clang::Stmt *, 4> Ancestors;
  Shape Kind = Shape::Remove;
  std::vector<Piece> Pieces;
  std::vector<Span> Copied; ///< The source of the pieces.
  std::string Name;
  /// Declarations the continuation's code refers to, declared before it.
  llvm::SetVector<const clang::ValueDecl *> Needed;
  std::vector<const clang::ValueDecl *> Carried; ///< Its parameters, in order.
  std::vector<const clang::VarDecl *> Declared;  ///< Declared again in it.
  std::string GridNeed; ///< Why the rest depends on its place in the grid.
};

} // namespace cdp

#endif // CDP_LOWER_MIGRATION_SYNCSPLIT_H
