//===- RawTokens.cpp - A file's tokens before preprocessing ---------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/RawTokens.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

#include <string>

using namespace clang;

namespace cdp {

std::vector<RawToken> rawTokens(llvm::StringRef Text) {
  LangOptions LangOpts;
  LangOpts.CPlusPlus = LangOpts.CPlusPlus11 = LangOpts.CPlusPlus17 = true;
  LangOpts.CUDA = true;
  // The lexer needs a null-terminated buffer; std::string provides one.
  std::string Buffer = Text.str();
  Lexer Lex(SourceLocation(), LangOpts, Buffer.data(), Buffer.data(),
            Buffer.data() + Buffer.size());
  std::vector<RawToken> Tokens;
  Token Tok;
  while (!Lex.LexFromRawLexer(Tok)) {
    unsigned End = Lex.getBufferLocation() - Buffer.data();
    unsigned Offset = End - Tok.getLength();
    Tokens.push_back({Tok.getKind(), Offset, Tok.getLength(),
                      Text.substr(Offset, Tok.getLength())});
  }
  return Tokens;
}

} // namespace cdp
