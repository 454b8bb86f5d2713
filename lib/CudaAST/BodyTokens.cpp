//===- BodyTokens.cpp - The identifiers written in a function body --------===//

#include "CudaAST/BodyTokens.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cdp {

void forEachIdentifierInBody(
    const FunctionDecl &F, const SourceManager &SM, const LangOptions &LangOpts,
    llvm::function_ref<void(const Token &, const Token &)> Visit) {
  const Stmt *Body = F.getBody();
  if (!Body)
    return;
  CharSourceRange Range = SM.getExpansionRange(Body->getSourceRange());
  FileID File = SM.getFileID(Range.getBegin());
  if (File.isInvalid() || SM.getFileID(Range.getEnd()) != File)
    return;
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return;
  unsigned End = SM.getFileOffset(Range.getEnd());
  Lexer Lex(SM.getLocForStartOfFile(File), LangOpts, Buffer.begin(),
            Buffer.begin() + SM.getFileOffset(Range.getBegin()),
            Buffer.end());
  Token Current, Next;
  Lex.LexFromRawLexer(Current);
  while (SM.getFileOffset(Current.getLocation()) < End &&
         Current.isNot(tok::eof)) {
    Lex.LexFromRawLexer(Next);
    if (Current.is(tok::raw_identifier))
      Visit(Current, Next);
    Current = Next;
  }
}

} // namespace cdp
