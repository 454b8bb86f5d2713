//===- ContinuationWriter.cpp - Device syncs into continuations -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Migration/ContinuationWriter.h"

#include "CudaAST/LineDirectives.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace cdp {

ContinuationWriter::ContinuationWriter(ASTContext &Context,
                                       const FunctionDecl &Kernel,
                                       bool KeepLineNumbers, SourceEdits &Edits,
                                       const SourceSpans &Spans)
    : Context(Context), SM(Context.getSourceManager()), Kernel(Kernel),
      Body(*cast<CompoundStmt>(Kernel.getBody())),
      KeepLineNumbers(KeepLineNumbers), Edits(Edits), Spans(Spans) {}
/// \p Head(Items)Tail, wrapped at \p Columns as clang-format would, with
/// the items after the first line aligned after the parenthesis.
static std::string wrapped(llvm::StringRef Indent, llvm::StringRef Head,
                           llvm::ArrayRef<std::string> Items,
                           llvm::StringRef Tail, size_t Columns = 80) {
  std::string Text = (Indent + Head + "(").str();
  size_t LineStart = 0;
  std::string Align(Text.size(), ' ');
  for (size_t I = 0; I < Items.size(); ++I) {
    std::string Item = Items[I] + (I + 1 < Items.size() ? "," : "");
    size_t Extra = Item.size() + (I + 1 == Items.size() ? Tail.size() + 1 : 0);
    bool First = Text.size() - LineStart == Align.size();
    if (!First && Text.size() - LineStart + 1 + Extra > Columns) {
      Text += "\n";
      LineStart = Text.size();
      Text += Align;
    } else if (!First) {
      Text += " ";
    }
    Text += Item;
  }
  return Text + ")" + Tail.str();
}

std::string ContinuationWriter::uniqueName(llvm::StringRef Base) {
  std::string Name = Base.str();
  for (unsigned N = 2; Context.Idents.find(Name) != Context.Idents.end(); ++N)
    Name = (Base + "_" + llvm::Twine(N)).str();
  Context.Idents.get(Name); // Taken, for the next continuation.
  return Name;
}

std::vector<std::string> ContinuationWriter::parameters(const Split &S) const {
  PrintingPolicy Policy = Context.getPrintingPolicy();
  Policy.SuppressTagKeyword = true;
  std::vector<std::string> Parameters;
  for (const ValueDecl *D : S.Carried) {
    std::string Parameter;
    llvm::raw_string_ostream OS(Parameter);
    QualType Type = D->getType();
    if (isa<ParmVarDecl>(D))
      Type = Type.getUnqualifiedType();
    Type.print(OS, Policy, D->getName());
    Parameters.push_back(std::move(Parameter));
  }
  return Parameters;
}

std::string ContinuationWriter::launch(const Split &S,
                                       llvm::StringRef Indent) const {
  // The text starts where Indent ends.
  std::vector<std::string> Arguments;
  for (const ValueDecl *D : S.Carried)
    Arguments.push_back(D->getNameAsString());
  // A launch on its way to the lowering stays on one line: the lowering
  // breaks it where it breaks a long launch, one `.arg` a line, which an
  // argument list aligned after its parenthesis would not let it do.
  size_t Columns = KeepLineNumbers ? std::string::npos : 80;
  if (S.Kind == Shape::PerThread)
    return wrapped(Indent, S.Name + "<<<1, 1, 0, cudaStreamTailLaunch>>>",
                   Arguments, ";", Columns)
        .substr(Indent.size());
  return "if (blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0 &&\n" +
         Indent.str() +
         "    threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)\n" +
         wrapped(Indent.str() + "  ",
                 S.Name + "<<<gridDim, blockDim, 0, cudaStreamTailLaunch>>>",
                 Arguments, ";", Columns);
}

std::string ContinuationWriter::removed(Span Statement) const {
  return KeepLineNumbers ? Spans.lineBreaksOf(Spans.wholeLines(Statement)) : "";
}

void ContinuationWriter::substitute(const Split &S) {
  const Stmt *Parent = S.Ancestors.back();
  const auto *Block = dyn_cast<CompoundStmt>(Parent);
  Span Sync = Spans.statement(*S.Statement);
  // The statement and its later siblings, which no longer run here.
  Span Rest = Sync;
  if (Block && !Block->body_empty())
    Rest.End = std::max(
        Rest.End,
        Spans.withTrailingComment(Spans.statement(*Block->body_back())).End);
  if (S.Kind == Shape::Remove) {
    Substitutions.push_back({Spans.wholeLines(Sync), removed(Sync)});
    return;
  }
  std::string Indent = Spans.indentOf(Sync.Begin);
  // The test of the synchronisation's result follows the launch, and
  // tests the launch's; unless all it does is return, as the thread does
  // next anyway.
  std::string Check;
  if (S.ErrorCheck && !S.ErrorCheckOnlyReturns) {
    Substitutions.push_back({Spans.expression(*S.Call), "cudaGetLastError()"});
    Check = "\n" + Indent +
            Spans.text(Spans.statement(*S.ErrorCheck), Substitutions);
  }
  if (S.Kind == Shape::PerThread) {
    // The thread's error, read before the launch (Split::ErrorRead).
    std::string Read =
        S.ErrorRead ? Spans.text(Spans.statement(*S.ErrorRead), Substitutions) +
                          "\n" + Indent
                    : "";
    std::string Text = Read + launch(S, Indent) + Check;
    if (Block != &Body)
      Text += "\n" + Indent + "return;";
    if (!Block)
      Text = "{\n" + Indent + "  " + Text + "\n" + Indent + "}";
    Substitutions.push_back({Rest, Text});
    return;
  }
  // Shared memory the continuation declares again is no longer used here.
  for (const VarDecl *V : S.Declared)
    if (V->hasAttr<CUDASharedAttr>())
      if (const auto *Decl = Context.getParents(*V)[0].get<DeclStmt>();
          Decl && Decl->isSingleDecl())
        Substitutions.push_back({Spans.wholeLines(Spans.statement(*Decl)),
                                 removed(Spans.statement(*Decl))});
  if (S.Ancestors.size() == 1) {
    Substitutions.push_back({Rest, launch(S, Indent) + Check});
    return;
  }
  assert(!S.ErrorCheck && "the analysis refuses a tested call in an 'if'");
  // In an 'if' of the body: its rest goes, and the launch follows the 'if'.
  const Stmt *If = S.Ancestors[1];
  Substitutions.push_back({Spans.wholeLines(Rest), Block ? "" : ";"});
  Span After = Spans.statement(*If);
  After.Begin = After.End;
  After.End = std::max(After.End, Spans.statement(*Body.body_back()).End);
  std::string BodyIndent = Spans.indentOf(Spans.statement(*If).Begin);
  Substitutions.push_back({After, "\n" + BodyIndent + launch(S, BodyIndent)});
}

std::string ContinuationWriter::pieceText(const Piece &P,
                                          llvm::StringRef Indent) const {
  auto Reindented = [&](Span Where) {
    return Spans.reindent(Spans.text(Where, Substitutions),
                          Spans.indentOf(Where.Begin), Indent);
  };
  switch (P.Kind) {
  case Piece::Statement:
    return Indent.str() + Reindented(Spans.statement(*P.S)) + "\n";
  case Piece::Statements:
    return Indent.str() + Reindented(P.Run) + "\n";
  case Piece::ForIncrement:
    return Indent.str() +
           Spans.text(Spans.expression(*cast<ForStmt>(P.S)->getInc()),
                      Substitutions) +
           ";\n";
  case Piece::LoopAgain:
    break;
  }
  auto ExprText = [&](const Expr *E) {
    return E ? Spans.text(Spans.expression(*E), Substitutions) : std::string();
  };
  std::string Head;
  const Stmt *LoopBody;
  if (const auto *For = dyn_cast<ForStmt>(P.S)) {
    Head = "for (; " + ExprText(For->getCond()) + "; " +
           ExprText(For->getInc()) + ") ";
    LoopBody = For->getBody();
  } else if (const auto *While = dyn_cast<WhileStmt>(P.S)) {
    Head = "while (" + ExprText(While->getCond()) + ") ";
    LoopBody = While->getBody();
  } else {
    const auto *Do = cast<DoStmt>(P.S);
    Head = "while (" + ExprText(Do->getCond()) + ") ";
    LoopBody = Do->getBody();
  }
  Span BodySpan = Spans.statement(*LoopBody);
  return Indent.str() + Head +
         Spans.reindent(Spans.text(BodySpan, Substitutions),
                        Spans.indentOf(Spans.statement(*P.S).Begin), Indent) +
         "\n";
}

std::vector<Piece> ContinuationWriter::runsOf(const Split &S) const {
  // One span per block, so that a later synchronisation's replacement,
  // which spans it and the statements after it, lies inside one text.
  std::vector<Piece> Runs;
  for (size_t I = 0; I < S.Pieces.size(); ++I) {
    const Piece &P = S.Pieces[I];
    if (P.Kind != Piece::Statement) {
      Runs.push_back(P);
      continue;
    }
    Span Run = Spans.statement(*P.S);
    // The comment lines between the previous statement and this one come
    // along.
    if (const auto *Block = dyn_cast<CompoundStmt>(S.Ancestors[P.Depth])) {
      const Stmt *Previous = nullptr;
      for (const Stmt *Sibling : Block->body()) {
        if (Sibling == P.S)
          break;
        Previous = Sibling;
      }
      unsigned From = Previous ? Spans.statement(*Previous).End
                               : Spans.offset(Block->getLBracLoc()) + 1;
      std::string Between = Spans.text({From, Run.Begin});
      size_t Text = Between.find_first_not_of(" \t\r\n");
      if (Text != std::string::npos &&
          llvm::StringRef(Between).take_front(Text).contains('\n'))
        Run.Begin = From + Text;
    }
    size_t Last = I;
    while (Last + 1 < S.Pieces.size() &&
           S.Pieces[Last + 1].Kind == Piece::Statement &&
           S.Pieces[Last + 1].Depth == P.Depth)
      ++Last;
    Run.End = Spans.withTrailingComment(Spans.statement(*S.Pieces[Last].S)).End;
    Runs.push_back({Piece::Statements, P.S, P.Depth, Run});
    I = Last;
  }
  return Runs;
}

std::string ContinuationWriter::continuation(const Split &S) {
  std::string Indent =
      Spans.indentOf(Spans.statement(*Body.body_front()).Begin);
  if (Indent.empty())
    Indent = "  ";
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  unsigned Line = SM.getPresumedLineNumber(S.Call->getBeginLoc());
  OS << "// The rest of " << Kernel.getName()
     << " after its cudaDeviceSynchronize() (line " << Line
     << "), for CDP2:\n// it runs once " << Kernel.getName()
     << "'s grid and all the work it launched have completed.\n"
     << (S.Kind == Shape::PerThread
             ? "// Each thread that reached the call launches its own, with "
               "its values.\n"
             : "// The grid's first thread launches it with the grid's "
               "shape; each thread\n// computes its values again.\n");
  std::string Static = Kernel.getStorageClass() == SC_Static ? "static " : "";
  // The kernel's brace style: `{` after the parameters, or on a line of
  // its own (as textbook CUDA writes kernels).
  bool BraceOnOwnLine = Spans.startsItsLine(Spans.statement(Body).Begin);
  OS << wrapped("", Static + "__global__ void " + S.Name, parameters(S),
                BraceOnOwnLine ? "\n{" : " {")
     << "\n";
  for (const VarDecl *V : S.Declared) {
    const auto *Decl =
        dyn_cast_or_null<DeclStmt>(Context.getParents(*V)[0].get<DeclStmt>());
    if (Decl && Decl->isSingleDecl()) {
      Span Where = Spans.statement(*Decl);
      OS << Indent
         << Spans.reindent(Spans.text(Where, Substitutions),
                           Spans.indentOf(Where.Begin), Indent)
         << "\n";
      continue;
    }
    PrintingPolicy Policy = Context.getPrintingPolicy();
    OS << Indent;
    V->getType().print(OS, Policy, V->getName());
    if (V->getInit())
      OS << " = " << Spans.text(Spans.expression(*V->getInit()));
    OS << ";\n";
  }
  // Pieces from inside a top-level 'if' of a whole-grid continuation run
  // under its condition again.
  bool OpenIf = false;
  for (const Piece &P : runsOf(S)) {
    bool InIf = S.Kind == Shape::WholeGrid && P.Depth > 0;
    if (InIf && !OpenIf) {
      const auto *If = cast<IfStmt>(S.Ancestors[1]);
      OS << Indent << "if ("
         << Spans.text(Spans.expression(*If->getCond()), Substitutions)
         << ") {\n";
      OpenIf = true;
    }
    if (!InIf && OpenIf) {
      OS << Indent << "}\n";
      OpenIf = false;
    }
    OS << pieceText(P, OpenIf ? Indent + Indent : Indent);
  }
  if (OpenIf)
    OS << Indent << "}\n";
  OS << "}";
  return Text;
}

void ContinuationWriter::write(std::vector<Split> &Splits) {
  unsigned Continuations = llvm::count_if(
      Splits, [](const Split &S) { return S.Kind != Shape::Remove; });
  unsigned Number = 0;
  for (Split &S : Splits)
    if (S.Kind != Shape::Remove)
      S.Name = uniqueName(
          (Kernel.getName() + "_continuation" +
           (Continuations > 1 ? llvm::Twine(++Number) : llvm::Twine()))
              .str());
  for (const Split &S : Splits) {
    assert(S.Name.empty() == (S.Kind == Shape::Remove) &&
           "a continuation has a name, a removed call none");
    substitute(S);
  }

  // The kernel: its synchronisations become launches of the continuations.
  Span Whole = Spans.statement(Body);
  for (const Substitution &Sub : Spans.outermost(Whole, Substitutions))
    Edits.replace(Spans.range(Sub.Where), Sub.Text);
  if (Continuations == 0)
    return;
  // The continuations: declared before the kernel, which launches them,
  // and before the comments that say what the kernel does; defined after
  // it.
  SourceLocation Start = SM.getExpansionLoc(Kernel.getBeginLoc());
  if (const RawComment *Comment = Context.getRawCommentForDeclNoCache(&Kernel))
    Start = SM.getExpansionLoc(Comment->getBeginLoc());
  Start = Spans.location(Spans.commentLinesAbove(Spans.offset(Start)));
  std::string Declarations, Definitions;
  for (const Split &S : Splits) {
    if (S.Kind == Shape::Remove)
      continue;
    Declarations +=
        wrapped("",
                std::string(Kernel.getStorageClass() == SC_Static ? "static "
                                                                  : "") +
                    "__global__ void " + S.Name,
                parameters(S), ";") +
        "\n";
    Definitions += "\n\n" + continuation(S);
  }
  Declarations += "\n";
  if (KeepLineNumbers)
    Declarations += lineDirectiveAt(SM, Start);
  Edits.insert(Start, Declarations);
  // A blank line between the last continuation and what follows.
  bool BlankFollows = Spans.text({Whole.End, Whole.End + 2}) == "\n\n";
  if (!BlankFollows)
    Definitions += "\n";
  if (KeepLineNumbers)
    Definitions +=
        "\n" + lineDirectiveAfter(SM, Spans.location(Whole.End - 1), "");
  Edits.insert(Spans.location(Whole.End), Definitions);
}

} // namespace cdp
