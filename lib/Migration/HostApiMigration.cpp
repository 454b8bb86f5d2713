//===- HostApiMigration.cpp - The host side of a CDP1 program -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Migration/HostApiMigration.h"

#include "CudaAST/SourceSpans.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cdp {

/// The name CUDA gives now to a cudaThread* function it removed.
static llvm::StringRef replacementOf(llvm::StringRef Name) {
  return llvm::StringSwitch<llvm::StringRef>(Name)
      .Case("cudaThreadSynchronize", "cudaDeviceSynchronize")
      .Case("cudaThreadExit", "cudaDeviceReset")
      .Case("cudaThreadSetLimit", "cudaDeviceSetLimit")
      .Case("cudaThreadGetLimit", "cudaDeviceGetLimit")
      .Case("cudaThreadSetCacheConfig", "cudaDeviceSetCacheConfig")
      .Case("cudaThreadGetCacheConfig", "cudaDeviceGetCacheConfig")
      .Default("");
}

static bool isSyncDepthLimit(const Expr &E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E.IgnoreParenImpCasts());
  return Ref && Ref->getDecl()->getName() == "cudaLimitDevRuntimeSyncDepth";
}

void migrateHostCall(ASTContext &Context, const CallExpr &Call,
                     bool KeepLineNumbers, SourceEdits &Edits) {
  const FunctionDecl *Callee = Call.getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return;
  const SourceManager &SM = Context.getSourceManager();
  llvm::StringRef Name = Callee->getName();
  SourceLocation NameLoc = SM.getSpellingLoc(Call.getCallee()->getBeginLoc());
  if (llvm::StringRef New = replacementOf(Name); !New.empty()) {
    if (SM.getFileID(NameLoc) == Edits.file())
      Edits.replace(NameLoc, Name.size(), New.str());
    return;
  }
  bool SetsSyncDepth =
      (Name == "cudaDeviceSetLimit" || Name == "cudaThreadSetLimit") &&
      Call.getNumArgs() == 2 && isSyncDepthLimit(*Call.getArg(0));
  if (!SetsSyncDepth)
    return;
  // No grid waits in the migrated program: no depth to reserve. A call
  // that is a statement goes; one whose result is used gives cudaSuccess.
  SourceSpans Spans(Context, Edits.file());
  SourceLocation Begin = SM.getSpellingLoc(Call.getBeginLoc());
  SourceLocation End = SM.getSpellingLoc(Call.getEndLoc());
  if (SM.getFileID(Begin) != Edits.file() || SM.getFileID(End) != Edits.file())
    return;
  DynTypedNodeList Parents = Context.getParents(Call);
  bool Statement = !Call.getBeginLoc().isMacroID() && !Parents.empty() &&
                   Parents[0].get<CompoundStmt>();
  if (Statement) {
    Span Removed = Spans.wholeLines(Spans.statement(Call));
    Edits.replace(Spans.range(Removed),
                  KeepLineNumbers ? Spans.lineBreaksOf(Removed) : "");
    return;
  }
  Span Whole{SM.getFileOffset(Begin),
             SM.getFileOffset(Lexer::getLocForEndOfToken(
                 End, 0, SM, Context.getLangOpts()))};
  Edits.replace(Spans.range(Whole), "cudaSuccess");
}

} // namespace cdp
