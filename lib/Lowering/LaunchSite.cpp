//===- LaunchSite.cpp - One launch being lowered --------------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/LaunchSite.h"

#include "CudaAST/KernelName.h"
#include "CudaAST/LineDirectives.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/StatementSlot.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cdp {

LaunchSite::LaunchSite(const CUDAKernelCallExpr &Launch,
                       const FunctionDecl &Enclosing, ASTContext &Context,
                       FileID File)
    : Launch(Launch), Enclosing(Enclosing), Context(Context),
      SM(Context.getSourceManager()), LangOpts(Context.getLangOpts()),
      File(File) {
  for (const Expr *Arg : Launch.arguments())
    if (!isa<CXXDefaultArgExpr>(Arg))
      WrittenArgs.push_back(Arg);
}

TableReport LaunchSite::report(SourceLocation Loc, LoweringDiag Kind) const {
  return cdp::report(Context.getDiagnostics(), Loc, Kind);
}

std::string LaunchSite::kernelSpelling() const {
  return writtenText(Launch.getCallee()->getSourceRange(), SM, LangOpts);
}

std::string LaunchSite::kernelName(const FunctionDecl *Kernel) const {
  return quotedLaunchedKernel(Launch, Kernel, Context);
}

Token LaunchSite::rawTokenAt(SourceLocation Loc) const {
  std::pair<FileID, unsigned> Pos = SM.getDecomposedLoc(Loc);
  StringRef Buffer = SM.getBufferData(Pos.first);
  Lexer Lex(SM.getLocForStartOfFile(Pos.first), LangOpts, Buffer.begin(),
            Buffer.begin() + Pos.second, Buffer.end());
  Token Tok;
  Lex.LexFromRawLexer(Tok);
  return Tok;
}

unsigned LaunchSite::distance(SourceLocation From, SourceLocation To) const {
  assert(SM.getFileID(From) == SM.getFileID(To) &&
         SM.getFileOffset(From) <= SM.getFileOffset(To) &&
         "a distance forward in one file");
  return SM.getFileOffset(To) - SM.getFileOffset(From);
}

unsigned horizontalSpaceAfter(const SourceManager &SM, SourceLocation Loc) {
  const char *Text = SM.getCharacterData(Loc);
  unsigned N = 0;
  while (Text[N] == ' ' || Text[N] == '\t')
    ++N;
  return N;
}

unsigned LaunchSite::horizontalSpaceAfter(SourceLocation Loc) const {
  return cdp::horizontalSpaceAfter(SM, Loc);
}

std::string LaunchSite::indentationOf(SourceLocation Loc) const {
  return lineIndentation(SM.getBufferData(File), SM.getFileOffset(Loc));
}

bool LaunchSite::isStatement() const {
  return statementSlotOf(Enclosing, Context, Launch);
}

} // namespace cdp
