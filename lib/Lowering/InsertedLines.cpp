//===- InsertedLines.cpp - Whole lines of generated code ------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/InsertedLines.h"

#include "CudaAST/LineDirectives.h"
#include "CudaAST/WrittenText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cdp {

void insertLinesAfter(const SourceManager &SM, SourceEdits &Edits,
                      SourceLocation Loc, const std::string &Lines,
                      bool Verbatim) {
  FileID File = SM.getFileID(Loc);
  SourceLocation At = Loc.getLocWithOffset(1);
  if (onlyCommentFollows(SM, Loc)) {
    // After the comment: it stays with the line it was written on.
    StringRef Buffer = SM.getBufferData(File);
    size_t LineEnd = Buffer.find('\n', SM.getFileOffset(Loc) + 1);
    At = SM.getLocForStartOfFile(File).getLocWithOffset(
        LineEnd == StringRef::npos ? Buffer.size() : LineEnd);
  }
  Edits.insert(At, (Verbatim ? "" : "\n") + Lines + "\n" +
                       lineDirectiveAfter(SM, Loc, ""));
}

std::optional<std::string> bodyAfterEdits(const FunctionDecl &Function,
                                          ASTContext &Context,
                                          const SourceEdits &Edits) {
  const auto *Body = cast<CompoundStmt>(Function.getBody());
  return Edits.textAfterEdits(
      CharSourceRange::getCharRange(Body->getLBracLoc(),
                                    Body->getRBracLoc().getLocWithOffset(1)),
      Context.getDiagnostics());
}

void declareBefore(const SourceManager &SM, SourceEdits &Edits,
                   const FunctionDecl &D, const std::string &Declaration) {
  // A template's declaration starts at its `template <...>`.
  const FunctionTemplateDecl *Template = D.getDescribedFunctionTemplate();
  SourceLocation Begin = SM.getExpansionLoc(Template ? Template->getBeginLoc()
                                                     : D.getOuterLocStart());
  FileID File = SM.getFileID(Begin);
  StringRef Buffer = SM.getBufferData(File);
  const size_t LineStart = lineStartOffset(Buffer, SM.getFileOffset(Begin));
  Edits.insert(SM.getLocForStartOfFile(File).getLocWithOffset(LineStart),
               Declaration + "\n" + lineDirectiveAt(SM, Begin));
}

} // namespace cdp
