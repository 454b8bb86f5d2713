//===- LaunchCounting.cpp - Count launches for a profile ------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchCounting.h"
#include "Aggregation/LaunchAggregation.h"
#include "Aggregation/LaunchProfile.h"
#include "Aggregation/ReadableTwice.h"
#include "CudaAST/KernelName.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/LoweringDiagnostics.h"
#include "Lowering/StatementSlot.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace cdp {

namespace {

constexpr llvm::StringLiteral ProfileWriterName = "cdp::profile::writeAtExit";

/// The text of the configuration operand \p Index (grid or block) as
/// written; empty where it is not written in the file.
std::string writtenOperand(const CUDAKernelCallExpr &Launch, unsigned Index,
                           const ASTContext &Context) {
  const Expr *Operand = configOperand(Launch, Index);
  if (!Operand)
    return "";
  return writtenText(Operand->IgnoreUnlessSpelledInSource()->getSourceRange(),
                     Context.getSourceManager(), Context.getLangOpts());
}

/// Why \p Launch cannot be counted; empty where it can.
std::string whyNotCounted(const CUDAKernelCallExpr &Launch,
                          ASTContext &Context) {
  if (!Launch.getBeginLoc().isFileID() || !Launch.getEndLoc().isFileID())
    return "it is written in a macro";
  for (unsigned Index : {0u, 1u}) {
    const Expr *Operand = configOperand(Launch, Index);
    if (!Operand)
      return "its configuration is not written in the file";
    if (!readableTwice(*Operand, Context))
      return "its grid or block has side effects, and the count would "
             "evaluate them a second time";
    if (writtenOperand(Launch, Index, Context).empty())
      return "its grid or block is not written in the file";
  }
  return "";
}

/// \p Text as the body of a C string literal.
std::string escaped(llvm::StringRef Text) {
  std::string Escaped;
  for (char C : Text) {
    if (C == '"' || C == '\\')
      Escaped += '\\';
    Escaped += C;
  }
  return Escaped;
}

} // namespace

LaunchCount countLaunch(const CUDAKernelCallExpr &Launch,
                        const FunctionDecl &Enclosing, ASTContext &Context,
                        SourceEdits &Edits) {
  if (std::string Why = whyNotCounted(Launch, Context); !Why.empty()) {
    report(Context.getDiagnostics(), Launch.getBeginLoc(),
           LoweringDiag::LaunchNotCounted)
        << quotedLaunchedKernel(Launch, Launch.getDirectCallee(), Context)
        << Why;
    return LaunchCount::None;
  }
  std::string Count;
  llvm::raw_string_ostream(Count)
      << "cdp::profile::count(\""
      << escaped(launchSiteName(Launch, Context.getSourceManager())) << "\", "
      << writtenOperand(Launch, 0, Context) << ", "
      << writtenOperand(Launch, 1, Context) << ")";
  // As a statement of its own where the launch is one in a block; else in
  // the expression, which an if's branch without braces is too.
  const Stmt *Slot = statementSlotOf(Enclosing, Context, Launch);
  if (Slot && isa<CompoundStmt>(Slot)) {
    Edits.insert(Launch.getBeginLoc(), Count + "; ");
    return LaunchCount::Statement;
  }
  Edits.insert(Launch.getBeginLoc(), "(" + Count + ", ");
  return LaunchCount::Expression;
}

void closeCountedLaunch(const CUDAKernelCallExpr &Launch, ASTContext &Context,
                        SourceEdits &Edits) {
  Edits.insert(Lexer::getLocForEndOfToken(Launch.getEndLoc(), 0,
                                          Context.getSourceManager(),
                                          Context.getLangOpts()),
               ")");
}

bool registerProfileWriter(const FunctionDecl &Function, SourceEdits &Edits) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Function.getBody());
  if (!Body || !Body->getLBracLoc().isFileID())
    return false;
  // Registered already: this is --instrument's output, lowered again.
  const auto *First =
      Body->body_empty() ? nullptr : dyn_cast<CallExpr>(Body->body_front());
  const FunctionDecl *Callee = First ? First->getDirectCallee() : nullptr;
  if (Callee && Callee->getQualifiedNameAsString() == ProfileWriterName)
    return true;
  Edits.insert(Body->getLBracLoc().getLocWithOffset(1),
               (" " + ProfileWriterName + "();").str());
  return true;
}

} // namespace cdp
