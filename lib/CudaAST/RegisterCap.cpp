//===- RegisterCap.cpp - A kernel's __maxnreg__, which clang drops --------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/RegisterCap.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cdp {
namespace {

/// `__maxnreg__(...)` among the tokens of one file from \p Begin to
/// \p End (the declaration's start and its name, or where the macros
/// they are in are used).
std::optional<std::string> capBetween(SourceLocation Begin, SourceLocation End,
                                      const SourceManager &SM,
                                      const LangOptions &LangOpts) {
  // `__global__` is a macro: the declaration starts in its expansion.
  Begin = SM.getExpansionLoc(Begin);
  End = SM.getExpansionLoc(End);
  if (SM.getFileID(Begin) != SM.getFileID(End))
    return std::nullopt;
  const StringRef Buffer = SM.getBufferData(SM.getFileID(Begin));
  const unsigned Stop = SM.getFileOffset(End);
  Lexer Lex(SM.getLocForStartOfFile(SM.getFileID(Begin)), LangOpts,
            Buffer.begin(), Buffer.begin() + SM.getFileOffset(Begin),
            Buffer.end());
  Token Tok;
  while (!Lex.LexFromRawLexer(Tok) &&
         SM.getFileOffset(Tok.getLocation()) < Stop) {
    if (!Tok.is(tok::raw_identifier) || Tok.getRawIdentifier() != "__maxnreg__")
      continue;
    const unsigned From = SM.getFileOffset(Tok.getLocation());
    unsigned Depth = 0;
    while (!Lex.LexFromRawLexer(Tok) && !Tok.is(tok::eof)) {
      if (Tok.is(tok::l_paren))
        ++Depth;
      else if (Tok.is(tok::r_paren) && --Depth == 0)
        return Buffer.slice(From, SM.getFileOffset(Tok.getEndLoc())).str();
    }
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> writtenRegisterCap(const FunctionDecl &Kernel) {
  const ASTContext &Context = Kernel.getASTContext();
  for (const FunctionDecl *Declaration : Kernel.redecls())
    if (auto Cap = capBetween(
            Declaration->getOuterLocStart(), Declaration->getLocation(),
            Context.getSourceManager(), Context.getLangOpts()))
      return Cap;
  return std::nullopt;
}

} // namespace cdp
