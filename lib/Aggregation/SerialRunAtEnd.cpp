//===- SerialRunAtEnd.cpp - Serial runs at the thread's end ---------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/SerialRunAtEnd.h"
#include "CudaAST/EnclosingStatements.h"

#include "CudaAST/KernelName.h"
#include "CudaAST/LineDirectives.h"
#include "CudaAST/RuntimeNames.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/InsertedLines.h"
#include "Lowering/KernelSignature.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cdp {
namespace {

/// What in a kernel's body stands in the way of running it as a lambda
/// with one held run: its device-side launches, and any goto or label.
struct BodyContents : RecursiveASTVisitor<BodyContents> {
  unsigned Launches = 0;
  bool Jumps = false;
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *) {
    ++Launches;
    return true;
  }
  bool VisitGotoStmt(GotoStmt *) { return !(Jumps = true); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { return !(Jumps = true); }
  bool VisitLabelStmt(LabelStmt *) { return !(Jumps = true); }
};

bool isEmpty(const Stmt *S) {
  if (!S || isa<NullStmt>(S))
    return true;
  const auto *Block = dyn_cast<CompoundStmt>(S);
  return Block && Block->body_empty();
}

/// Whether \p Branch ends by returning from the kernel.
bool returns(const Stmt *Branch) {
  if (const auto *Block = dyn_cast<CompoundStmt>(Branch))
    Branch = Block->body_empty() ? nullptr : Block->body_back();
  return Branch && isa<ReturnStmt>(Branch);
}

/// Whether \p If, of which \p Branch holds the launch, lets the lanes that
/// do not take that branch go on to work of their own: an else branch, or
/// the then branch returns and statements follow the if in its block.
bool otherWayWorks(const IfStmt &If, const Stmt *Branch,
                   const EnclosingStatements &Statements) {
  if (Branch == If.getElse())
    return !isEmpty(If.getThen());
  if (!isEmpty(If.getElse()))
    return true;
  const auto *Block = dyn_cast_or_null<CompoundStmt>(Statements.parentOf(If));
  return returns(Branch) && Block && Block->body_back() != &If;
}

} // namespace

std::optional<std::string>
serialRunAtEndHolderArguments(const CUDAKernelCallExpr &Launch,
                              const FunctionDecl &Enclosing, bool WritesNumbers,
                              ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Enclosing.getBody());
  if (!Body || !Enclosing.hasAttr<CUDAGlobalAttr>() ||
      Enclosing.isDependentContext() || !Body->getLBracLoc().isFileID() ||
      !Body->getRBracLoc().isFileID() ||
      SM.getFileID(Body->getLBracLoc()) != SM.getFileID(Body->getRBracLoc()))
    return std::nullopt;
  BodyContents Contents;
  Contents.TraverseStmt(const_cast<CompoundStmt *>(Body));
  if (Contents.Launches != 1 || Contents.Jumps)
    return std::nullopt;
  // From the launch out to the body: no loop (the launch would be reached
  // again), and an if whose other way works.
  const EnclosingStatements &Statements =
      EnclosingStatements::of(*Body, Context);
  bool Splits = false;
  for (const EnclosingStatements::Holder &H : Statements.holding(Launch)) {
    if (isLoop(*H.Outer) || isa<LambdaExpr>(H.Outer))
      return std::nullopt;
    if (const auto *If = dyn_cast<IfStmt>(H.Outer))
      if (H.Inner != If->getCond() && H.Inner != If->getInit() &&
          otherWayWorks(*If, H.Inner, Statements))
        Splits = true;
  }
  if (!Splits || !Launch.getDirectCallee())
    return std::nullopt;
  ParameterTypes Types =
      spellParameterTypes(*Launch.getDirectCallee(), Context);
  if (Types.Unwritable)
    return std::nullopt;
  return "void(" + Types.Spelling + ")" +
         (WritesNumbers ? ", unsigned, unsigned" : "");
}

void runSerialAtEnd(const CUDAKernelCallExpr &Launch,
                    const FunctionDecl &Kernel,
                    const std::string &HolderArguments,
                    const std::string &SerialCallee, ASTContext &Context,
                    SourceEdits &Edits) {
  const SourceManager &SM = Context.getSourceManager();
  const auto *Body = cast<CompoundStmt>(Kernel.getBody());
  const std::string Holder = LaterRunHolder;
  insertLinesAfter(
      SM, Edits, Body->getLBracLoc(),
      "  // Serial runs of " + quotedKernelName(Launch.getDirectCallee()) +
          ": at this thread's end, where the whole\n  // warp shares them, "
          "not only the lanes that launch (cdp-lower --optimize).\n  " +
          runtime::SerialLater.str() + "<" + HolderArguments + "> " + Holder +
          ";\n  [&] {");
  // The run after the lambda, on lines of their own before the closing
  // brace's, which `#line` gives back its number.
  const SourceLocation Close = Body->getRBracLoc();
  const StringRef Buffer = SM.getBufferData(SM.getFileID(Close));
  const unsigned Offset = SM.getFileOffset(Close);
  const size_t LineStart = lineStartOffset(Buffer, Offset);
  const std::string Run = Holder + ".run<" + SerialCallee + ">();";
  if (Buffer.slice(LineStart, Offset).trim().empty())
    Edits.insert(Close.getLocWithOffset(-int(Offset - LineStart)),
                 "  }();\n  " + Run + "\n" + lineDirectiveAt(SM, Close));
  else // On the closing brace's line, which keeps its number.
    Edits.insert(Close, "}(); " + Run + " ");
}

} // namespace cdp
