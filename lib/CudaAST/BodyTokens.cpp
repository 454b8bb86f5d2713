//===- BodyTokens.cpp - The identifiers written in a function body --------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/BodyTokens.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

using namespace clang;

namespace cdp {

namespace {
/// The text of a function body, within its file's buffer (for the lexer).
struct BodyText {
  StringRef Buffer;
  SourceLocation FileStart;
  unsigned Begin, End;
  StringRef text() const { return Buffer.slice(Begin, End); }
};
} // namespace

/// Null when the body is not written in one file (it begins or ends in a
/// macro from another).
static std::optional<BodyText> bodyTextOf(const FunctionDecl &F,
                                          const SourceManager &SM) {
  const Stmt *Body = F.getBody();
  if (!Body)
    return std::nullopt;
  CharSourceRange Range = SM.getExpansionRange(Body->getSourceRange());
  FileID File = SM.getFileID(Range.getBegin());
  if (File.isInvalid() || SM.getFileID(Range.getEnd()) != File)
    return std::nullopt;
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return std::nullopt;
  return BodyText{Buffer, SM.getLocForStartOfFile(File),
                  SM.getFileOffset(Range.getBegin()),
                  SM.getFileOffset(Range.getEnd())};
}

static void forEachIdentifierIn(
    const BodyText &Text, const SourceManager &SM, const LangOptions &LangOpts,
    llvm::function_ref<void(const Token &, const Token &)> Visit) {
  Lexer Lex(Text.FileStart, LangOpts, Text.Buffer.begin(),
            Text.Buffer.begin() + Text.Begin, Text.Buffer.end());
  Token Current, Next;
  Lex.LexFromRawLexer(Current);
  while (SM.getFileOffset(Current.getLocation()) < Text.End &&
         Current.isNot(tok::eof)) {
    Lex.LexFromRawLexer(Next);
    if (Current.is(tok::raw_identifier))
      Visit(Current, Next);
    Current = Next;
  }
}

void forEachIdentifierInBody(
    const FunctionDecl &F, const SourceManager &SM, const LangOptions &LangOpts,
    llvm::function_ref<void(const Token &, const Token &)> Visit) {
  if (std::optional<BodyText> Text = bodyTextOf(F, SM))
    forEachIdentifierIn(*Text, SM, LangOpts, Visit);
}

void forEachMentionInBody(
    const FunctionDecl &F, ArrayRef<StringRef> Names, const SourceManager &SM,
    const LangOptions &LangOpts,
    llvm::function_ref<void(const Token &, const Token &)> Visit) {
  std::optional<BodyText> Text = bodyTextOf(F, SM);
  if (!Text || llvm::none_of(Names, [&](StringRef Name) {
        return Text->text().contains(Name);
      }))
    return;
  forEachIdentifierIn(
      *Text, SM, LangOpts, [&](const Token &Identifier, const Token &Next) {
        if (llvm::is_contained(Names, Identifier.getRawIdentifier()))
          Visit(Identifier, Next);
      });
}

void forEachMentionWithOpeners(
    const FunctionDecl &F, ArrayRef<StringRef> Names, const SourceManager &SM,
    const LangOptions &LangOpts,
    llvm::function_ref<void(const Token &, ArrayRef<StringRef>)> Visit) {
  std::optional<BodyText> Text = bodyTextOf(F, SM);
  if (!Text || llvm::none_of(Names, [&](StringRef Name) {
        return Text->text().contains(Name);
      }))
    return;
  Lexer Lex(Text->FileStart, LangOpts, Text->Buffer.begin(),
            Text->Buffer.begin() + Text->Begin, Text->Buffer.end());
  // The identifier before each open parenthesis, outermost first; empty for
  // a parenthesis that follows something else.
  llvm::SmallVector<StringRef, 8> Open;
  StringRef Previous;
  Token Current;
  for (Lex.LexFromRawLexer(Current);
       Current.isNot(tok::eof) &&
       SM.getFileOffset(Current.getLocation()) < Text->End;
       Lex.LexFromRawLexer(Current)) {
    if (Current.is(tok::l_paren)) {
      Open.push_back(Previous);
    } else if (Current.is(tok::r_paren)) {
      if (!Open.empty())
        Open.pop_back();
    } else if (Current.is(tok::raw_identifier) &&
               llvm::is_contained(Names, Current.getRawIdentifier())) {
      llvm::SmallVector<StringRef, 4> Openers;
      for (StringRef Opener : llvm::reverse(Open))
        if (!Opener.empty())
          Openers.push_back(Opener);
      Visit(Current, Openers);
    }
    Previous = Current.is(tok::raw_identifier) ? Current.getRawIdentifier()
                                               : StringRef();
  }
}

} // namespace cdp
