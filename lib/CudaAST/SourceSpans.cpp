//===- SourceSpans.cpp - Source text of statements, as offsets ------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/SourceSpans.h"

#include "CudaAST/WrittenText.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cdp {

SourceSpans::SourceSpans(const ASTContext &Context, FileID File)
    : SM(Context.getSourceManager()), LangOpts(Context.getLangOpts()),
      File(File), Buffer(SM.getBufferData(File)) {}

unsigned SourceSpans::offset(SourceLocation Loc) const {
  return SM.getFileOffset(SM.getExpansionLoc(Loc));
}

SourceLocation SourceSpans::location(unsigned Offset) const {
  return SM.getComposedLoc(File, Offset);
}

CharSourceRange SourceSpans::range(Span S) const {
  return CharSourceRange::getCharRange(location(S.Begin), location(S.End));
}

unsigned SourceSpans::endOf(SourceLocation LastToken) const {
  SourceLocation End = SM.getExpansionRange(LastToken).getEnd();
  return offset(Lexer::getLocForEndOfToken(End, 0, SM, LangOpts));
}

Span SourceSpans::expression(const Expr &E) const {
  return {offset(E.getBeginLoc()), endOf(E.getEndLoc())};
}

Span SourceSpans::statement(const Stmt &S) const {
  Span Result{offset(S.getBeginLoc()), endOf(S.getEndLoc())};
  if (isa<CompoundStmt>(S) || isa<DeclStmt>(S))
    return Result;
  size_t Next = Buffer.find_first_not_of(" \t\r\n", Result.End);
  if (Next != llvm::StringRef::npos && Buffer[Next] == ';')
    Result.End = Next + 1;
  return Result;
}

Span SourceSpans::withTrailingComment(Span S) const {
  size_t Start = Buffer.find_first_not_of(" \t", S.End);
  if (Start == llvm::StringRef::npos)
    return S;
  llvm::StringRef Rest = Buffer.drop_front(Start);
  size_t End;
  if (Rest.starts_with("//")) {
    End = Buffer.find('\n', Start);
    if (End == llvm::StringRef::npos)
      End = Buffer.size();
    // A line comment continued by a backslash is left alone.
    if (Buffer.slice(Start, End).rtrim().ends_with("\\"))
      return S;
  } else if (Rest.starts_with("/*")) {
    size_t Close = Buffer.find("*/", Start + 2);
    if (Close == llvm::StringRef::npos ||
        Buffer.slice(Start, Close).contains('\n'))
      return S;
    End = Close + 2;
    size_t After = Buffer.find_first_not_of(" \t", End);
    if (After != llvm::StringRef::npos && Buffer[After] != '\n' &&
        Buffer[After] != '\r')
      return S;
  } else {
    return S;
  }
  while (End > Start && (Buffer[End - 1] == '\r' || Buffer[End - 1] == ' ' ||
                         Buffer[End - 1] == '\t'))
    --End;
  return {S.Begin, static_cast<unsigned>(End)};
}

Span SourceSpans::wholeLines(Span S) const {
  size_t LineStart = lineStartOffset(Buffer, S.Begin);
  size_t LineEnd = Buffer.find('\n', S.End);
  if (LineEnd == llvm::StringRef::npos)
    LineEnd = Buffer.size();
  llvm::StringRef Before = Buffer.slice(LineStart, S.Begin);
  llvm::StringRef After = Buffer.slice(S.End, LineEnd);
  if (!Before.trim().empty() || !After.trim().empty())
    return S;
  return {static_cast<unsigned>(LineStart),
          static_cast<unsigned>(std::min(LineEnd + 1, Buffer.size()))};
}

std::string SourceSpans::lineBreaksOf(Span S) const {
  return std::string(Buffer.slice(S.Begin, S.End).count('\n'), '\n');
}

std::vector<Substitution>
SourceSpans::outermost(Span Within,
                       llvm::ArrayRef<Substitution> Substitutions) const {
  std::vector<Substitution> Inside;
  for (const Substitution &S : Substitutions)
    if (Within.contains(S.Where))
      Inside.push_back(S);
  llvm::stable_sort(Inside, [](const Substitution &A, const Substitution &B) {
    return A.Where.Begin < B.Where.Begin ||
           (A.Where.Begin == B.Where.Begin && A.Where.End > B.Where.End);
  });
  std::vector<Substitution> Outer;
  for (Substitution &S : Inside)
    if (Outer.empty() || S.Where.Begin >= Outer.back().Where.End)
      Outer.push_back(std::move(S));
  return Outer;
}

std::string
SourceSpans::text(Span S, llvm::ArrayRef<Substitution> Substitutions) const {
  std::string Text;
  unsigned At = S.Begin;
  for (const Substitution &Sub : outermost(S, Substitutions)) {
    Text += Buffer.slice(At, Sub.Where.Begin);
    Text += Sub.Text;
    At = Sub.Where.End;
  }
  Text += Buffer.slice(At, S.End);
  return Text;
}

std::string SourceSpans::indentOf(unsigned Offset) const {
  return lineIndentation(Buffer, Offset);
}

bool SourceSpans::startsItsLine(unsigned Offset) const {
  return Buffer.slice(lineStartOffset(Buffer, Offset), Offset).trim().empty();
}

unsigned SourceSpans::commentLinesAbove(unsigned Offset) const {
  size_t Start = lineStartOffset(Buffer, Offset);
  while (Start > 0) {
    size_t Above = lineStartOffset(Buffer, Start - 1);
    if (!Buffer.slice(Above, Start).ltrim().starts_with("//"))
      break;
    Start = Above;
  }
  return static_cast<unsigned>(Start);
}

std::string SourceSpans::reindent(llvm::StringRef Text, llvm::StringRef From,
                                  llvm::StringRef To) {
  llvm::SmallVector<llvm::StringRef, 16> Lines;
  Text.split(Lines, '\n');
  std::string Result;
  for (size_t I = 0; I < Lines.size(); ++I) {
    llvm::StringRef Line = Lines[I];
    if (I > 0) {
      Result += '\n';
      if (Line.consume_front(From))
        Result += To;
    }
    Result += Line;
  }
  return Result;
}

} // namespace cdp
