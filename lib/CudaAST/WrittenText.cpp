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

std::string lineIndentation(llvm::StringRef Buffer, unsigned Offset) {
  size_t LineStart = Buffer.find_last_of('\n', Offset ? Offset - 1 : 0);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  return Buffer.substr(LineStart)
      .take_while([](char C) { return C == ' ' || C == '\t'; })
      .str();
}

} // namespace cdp
