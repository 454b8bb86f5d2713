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
  CharSourceRange FileRange = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Range), SM, LangOpts);
  return Lexer::getSourceText(FileRange, SM, LangOpts).str();
}

} // namespace cdp
