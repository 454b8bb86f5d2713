//===- WrittenText.cpp - The text of source as the user wrote it ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/WrittenText.h"

#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cdp {

std::string writtenText(SourceRange Range, const SourceManager &SM,
                        const LangOptions &LangOpts) {
  return writtenText(CharSourceRange::getTokenRange(Range), SM, LangOpts);
}

std::string writtenText(CharSourceRange Range, const SourceManager &SM,
                        const LangOptions &LangOpts) {
  CharSourceRange FileRange = Lexer::makeFileCharRange(Range, SM, LangOpts);
  return Lexer::getSourceText(FileRange, SM, LangOpts).str();
}

size_t lineStartOffset(llvm::StringRef Buffer, size_t Offset) {
  // rfind looks at the characters before Offset only.
  const size_t Newline = Buffer.rfind('\n', Offset);
  return Newline == llvm::StringRef::npos ? 0 : Newline + 1;
}

std::string lineIndentation(llvm::StringRef Buffer, unsigned Offset) {
  return Buffer.substr(lineStartOffset(Buffer, Offset))
      .take_while([](char C) { return C == ' ' || C == '\t'; })
      .str();
}

} // namespace cdp
