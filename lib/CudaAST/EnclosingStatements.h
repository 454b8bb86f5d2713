//===- EnclosingStatements.h - What holds a launch in its body --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Several choices look from a launch out to the body of its function: a
// loop around it (the launch may come again: no own stream, no single
// launch a block's first thread makes, no run held for the thread's end),
// the ifs it is in (the tests of threadIdx that guard it; a branch whose
// other way works). They share this walk, over the body's own parent map:
// clang's whole-file map walks every header's declarations too (a tenth of
// a small file's run) and sees the statements a template's instantiations
// share as having several parents.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_ENCLOSINGSTATEMENTS_H
#define CDP_LOWER_CUDAAST_ENCLOSINGSTATEMENTS_H

#include "clang/AST/ParentMap.h"

#include <cstddef>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace cdp {

class EnclosingStatements {
public:
  /// The statements of \p Body.
  explicit EnclosingStatements(const clang::Stmt &Body);

  /// A statement that holds another, and that one.
  struct Holder {
    const clang::Stmt *Outer;
    const clang::Stmt *Inner;
  };
  /// The statements that hold \p S inside the body, from the innermost out,
  /// the body last; none where \p S is not in the body.
  std::vector<Holder> holding(const clang::Stmt &S) const;

  /// The statements of \p Body, built on the first ask and kept while
  /// \p Context lives: every launch of a kernel asks about the same body,
  /// and building the map walks all of it.
  static const EnclosingStatements &of(const clang::Stmt &Body,
                                       clang::ASTContext &Context);

  /// How many ASTContexts have bodies' statements kept now: for the unit
  /// tests, which check that a context's go with it.
  static std::size_t contextsKept();

  /// The statement that holds \p S; null for the body, or outside it.
  const clang::Stmt *parentOf(const clang::Stmt &S) const;

  /// Whether a loop inside the body holds \p S: it may run again.
  bool inLoop(const clang::Stmt &S) const;

private:
  clang::ParentMap Map;
};

/// Whether \p S is a loop statement.
bool isLoop(const clang::Stmt &S);

/// Whether a jump from outside \p S may land in it: it holds a label, or a
/// case of a switch around it.
bool mayBeJumpedInto(const clang::Stmt &S);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_ENCLOSINGSTATEMENTS_H
