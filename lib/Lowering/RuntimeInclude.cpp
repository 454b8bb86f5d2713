//===- RuntimeInclude.cpp - Where the runtime is included -----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/RuntimeInclude.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cdp {

/// Whether \p Lex, just past a `#`, reads the directive \p Name.
static bool lexDirective(Lexer &Lex, llvm::StringRef Name, Token &Tok) {
  Lex.LexFromRawLexer(Tok);
  return Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == Name;
}

/// The offset just past the header-guard lines that start the file at
/// \p First (a `#pragma once`, or `#ifndef X` and `#define X`), or
/// \p First's own offset when there are none.
static size_t pastHeaderGuard(Lexer &Lex, Token First,
                              const SourceManager &SM) {
  size_t Offset = SM.getFileOffset(First.getLocation());
  if (First.isNot(tok::hash) || !First.isAtStartOfLine())
    return Offset;
  // Directives end at the line's end: the raw lexer must say where.
  Lex.SetKeepWhitespaceMode(false);
  Lex.setParsingPreprocessorDirective(true);
  Token Tok;
  auto EndOfDirective = [&]() -> size_t {
    while (Tok.isNot(tok::eod) && Tok.isNot(tok::eof))
      Lex.LexFromRawLexer(Tok);
    Lex.setParsingPreprocessorDirective(false);
    return SM.getFileOffset(Tok.getLocation());
  };
  if (lexDirective(Lex, "pragma", Tok)) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == "once")
      return EndOfDirective();
    return Offset;
  }
  if (Tok.isNot(tok::raw_identifier) || Tok.getRawIdentifier() != "ifndef")
    return Offset;
  Lex.LexFromRawLexer(Tok);
  if (Tok.isNot(tok::raw_identifier))
    return Offset;
  std::string Guard = Tok.getRawIdentifier().str();
  EndOfDirective();
  Token Hash;
  Lex.LexFromRawLexer(Hash);
  if (Hash.isNot(tok::hash) || !Hash.isAtStartOfLine())
    return Offset;
  Lex.setParsingPreprocessorDirective(true);
  if (!lexDirective(Lex, "define", Tok))
    return Offset;
  Lex.LexFromRawLexer(Tok);
  if (Tok.isNot(tok::raw_identifier) || Tok.getRawIdentifier() != Guard)
    return Offset;
  return EndOfDirective();
}

/// \p Name as a string literal of a `#line` directive.
static std::string quoted(llvm::StringRef Name) {
  std::string Quoted = "\"";
  for (char C : Name) {
    if (C == '"' || C == '\\')
      Quoted += '\\';
    Quoted += C;
  }
  return Quoted + "\"";
}

RuntimeInclude runtimeIncludeFor(FileID File, llvm::StringRef Header,
                                 llvm::StringRef OriginalName,
                                 const SourceManager &SM,
                                 const LangOptions &LangOpts) {
  llvm::StringRef Buffer = SM.getBufferData(File);
  size_t Start = Buffer.starts_with("\xEF\xBB\xBF") ? 3 : 0;
  // The first token, comments skipped; the raw lexer sees directives as
  // tokens too, so this is also before the first `#`.
  Lexer Lex(SM.getLocForStartOfFile(File), LangOpts, Buffer.begin(),
            Buffer.begin() + Start, Buffer.end());
  Token First;
  Lex.LexFromRawLexer(First);
  size_t Offset = pastHeaderGuard(Lex, First, SM);
  if (First.is(tok::eof))
    Offset = Buffer.size();
  size_t LineStart;
  if (Offset != SM.getFileOffset(First.getLocation())) {
    // Past a guard: the start of the next line.
    LineStart = Buffer.find('\n', Offset);
    LineStart =
        LineStart == llvm::StringRef::npos ? Buffer.size() : LineStart + 1;
  } else {
    // The start of its line (rfind looks before Offset), past the BOM.
    LineStart = Buffer.rfind('\n', Offset);
    LineStart = LineStart == llvm::StringRef::npos
                    ? Start
                    : std::max(LineStart + 1, Start);
  }

  size_t FirstNewline = Buffer.find('\n');
  bool CRLF = FirstNewline != llvm::StringRef::npos && FirstNewline > 0 &&
              Buffer[FirstNewline - 1] == '\r';
  llvm::StringRef EOL = CRLF ? "\r\n" : "\n";
  unsigned NextLine = SM.getLineNumber(File, static_cast<unsigned>(LineStart));
  std::string Text = "#include <" + Header.str() + ">" + EOL.str();
  // At the very end of a file with no newline, there is no next line.
  if (LineStart < Buffer.size())
    Text += "#line " + std::to_string(NextLine) +
            (OriginalName.empty() ? "" : " " + quoted(OriginalName)) +
            EOL.str();
  else if (!Buffer.empty() && !Buffer.ends_with("\n"))
    Text = EOL.str() + Text;
  return {SM.getComposedLoc(File, static_cast<unsigned>(LineStart)),
          std::move(Text)};
}

} // namespace cdp
