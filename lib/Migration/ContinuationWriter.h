//===- ContinuationWriter.h - Device syncs into continuations ---*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The writing half of --migrate-cdp1 on one kernel, once SyncAnalysis.h has
// accepted every synchronisation: each call and the code after it become a
// tail launch of a continuation kernel (or nothing), the continuations are
// declared before the kernel and defined after it, named
// `<kernel>_continuation` (numbered when there are several), with the
// kernel's indentation and, where asked, `#line` after each insertion.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_MIGRATION_CONTINUATIONWRITER_H
#define CDP_LOWER_MIGRATION_CONTINUATIONWRITER_H

#include "CudaAST/SourceSpans.h"
#include "Lowering/SourceEdits.h"
#include "Migration/SyncSplit.h"

#include "clang/AST/ASTContext.h"

#include <string>
#include <vector>

namespace cdp {

class ContinuationWriter {
public:
  ContinuationWriter(clang::ASTContext &Context,
                     const clang::FunctionDecl &Kernel, bool KeepLineNumbers,
                     SourceEdits &Edits, const SourceSpans &Spans);

  /// Edits the kernel so that \p Splits, in order, become what the analysis
  /// decided, and adds their continuations.
  void write(std::vector<Split> &Splits);

private:
  /// What a removed statement leaves: nothing, or its line breaks.
  std::string removed(Span Statement) const;
  void substitute(const Split &S);
  std::string continuation(const Split &S);
  std::vector<Piece> runsOf(const Split &S) const;
  std::string launch(const Split &S, llvm::StringRef Indent) const;
  std::vector<std::string> parameters(const Split &S) const;
  std::string pieceText(const Piece &P, llvm::StringRef Indent) const;
  std::string uniqueName(llvm::StringRef Base);

  clang::ASTContext &Context;
  const clang::SourceManager &SM;
  const clang::FunctionDecl &Kernel;
  const clang::CompoundStmt &Body;
  bool KeepLineNumbers;
  SourceEdits &Edits;
  const SourceSpans &Spans;
  std::vector<Substitution> Substitutions;
};

} // namespace cdp

#endif // CDP_LOWER_MIGRATION_CONTINUATIONWRITER_H
