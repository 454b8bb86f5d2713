//===- SourceSpans.h - Source text of statements, as offsets ----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The migration copies the user's statements into new kernels, with some of
// them replaced, and aggregation blanks the statements of streams it made
// dead; both work on offsets in one file, where a text with substitutions
// is easy to build.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_SOURCESPANS_H
#define CDP_LOWER_CUDAAST_SOURCESPANS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <string>
#include <vector>

namespace cdp {

/// Offsets [Begin, End) in one file.
struct Span {
  unsigned Begin = 0, End = 0;
  bool contains(Span Other) const {
    return Begin <= Other.Begin && Other.End <= End;
  }
};

/// Text that takes the place of a span.
struct Substitution {
  Span Where;
  std::string Text;
};

class SourceSpans {
public:
  SourceSpans(const clang::ASTContext &Context, clang::FileID File);

  /// A statement with the ';' that ends it.
  Span statement(const clang::Stmt &S) const;
  Span expression(const clang::Expr &E) const;
  /// \p S and a comment after it on its last line, when nothing else
  /// follows there: `x = 1; // why`. Moved code takes its comment along.
  Span withTrailingComment(Span S) const;
  /// \p S widened to whole lines when only blanks share them.
  Span wholeLines(Span S) const;
  /// The line breaks of \p S, which keep the lines that follow it at their
  /// numbers when it is removed.
  std::string lineBreaksOf(Span S) const;

  /// The text of \p S, with the outermost of \p Substitutions inside it
  /// applied.
  std::string text(Span S,
                   llvm::ArrayRef<Substitution> Substitutions = {}) const;
  /// The outermost of \p Substitutions that lie inside \p Within, in order.
  std::vector<Substitution>
  outermost(Span Within, llvm::ArrayRef<Substitution> Substitutions) const;

  /// The blanks that start the line of \p Offset.
  std::string indentOf(unsigned Offset) const;
  /// Whether only blanks come before \p Offset on its line.
  bool startsItsLine(unsigned Offset) const;
  /// Where the `//` comment lines right above the line of \p Offset begin
  /// (no blank line between them), which say what that line declares; the
  /// start of its line when there are none.
  unsigned commentLinesAbove(unsigned Offset) const;
  /// \p Text with the lines after its first moved from indentation \p From
  /// to \p To.
  static std::string reindent(llvm::StringRef Text, llvm::StringRef From,
                              llvm::StringRef To);

  unsigned offset(clang::SourceLocation Loc) const;
  clang::SourceLocation location(unsigned Offset) const;
  clang::CharSourceRange range(Span S) const;

private:
  unsigned endOf(clang::SourceLocation LastToken) const;

  const clang::SourceManager &SM;
  const clang::LangOptions &LangOpts;
  clang::FileID File;
  llvm::StringRef Buffer;
};

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_SOURCESPANS_H
