//===- DeviceSyncMigration.cpp - CDP1 device syncs into tail launches -----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Migration/DeviceSyncMigration.h"

#include "CudaAST/LineDirectives.h"

#include "Migration/KernelValues.h"
#include "Migration/MigrationDiagnostics.h"
#include "Migration/SourceSpans.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace cdp {
namespace {

enum class Shape { Remove, PerThread, WholeGrid };

/// One part of a continuation's body, in the order it runs.
struct Piece {
  enum Kind { Statement, ForIncrement, LoopAgain, Statements } Kind;
  const Stmt *S;  ///< The statement; the loop for the two others.
  unsigned Depth; ///< Index in Split::Ancestors of the statement's parent.
  /// Statements: consecutive statements of one block, with the comments
  /// before the first.
  Span Run = {};
};

/// One cudaDeviceSynchronize() and what it becomes.
struct Split {
  const CallExpr *Call = nullptr;
  const Stmt *Statement = nullptr; ///< The statement that is the call.
  /// The statements around it, from the kernel's body inwards.
  llvm::SmallVector<const Stmt *, 4> Ancestors;
  Shape Kind = Shape::Remove;
  std::vector<Piece> Pieces;
  std::vector<Span> Copied; ///< The source of the pieces.
  std::string Name;
  /// Declarations the continuation's code refers to, declared before it.
  llvm::SetVector<const ValueDecl *> Needed;
  std::vector<const ValueDecl *> Carried; ///< Its parameters, in order.
  std::vector<const VarDecl *> Declared;  ///< Declared again in it.
  std::string GridNeed; ///< Why the rest depends on its place in the grid.
};

/// What makes code depend on the thread's place in the grid, in words; ""
/// when nothing does. Follows calls into functions with bodies.
class GridNeedFinder : public RecursiveASTVisitor<GridNeedFinder> {
public:
  std::string Need;

  bool shouldVisitImplicitCode() const { return false; }
  bool VisitPseudoObjectExpr(PseudoObjectExpr *E) {
    if (llvm::StringRef Index = indexVariableRead(*E); !Index.empty())
      return found(("reads " + Index).str());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
      if (V->hasAttr<CUDASharedAttr>())
        return found("uses __shared__ variable '" + V->getNameAsString() + "'");
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return true;
    llvm::StringRef Name =
        Callee->getIdentifier() ? Callee->getName() : llvm::StringRef();
    if (Name.starts_with("__syncthreads") || Name.starts_with("__syncwarp") ||
        Name.starts_with("__shfl") || Name.starts_with("__ballot") ||
        Name == "__activemask" || Name == "__all_sync" ||
        Name == "__any_sync" || Name.starts_with("__match") ||
        Name.starts_with("__reduce"))
      return found(("calls " + Name + "()").str());
    const FunctionDecl *Definition = Callee->getDefinition();
    if (!Definition || !Definition->hasBody() ||
        Callee->getASTContext().getSourceManager().isInSystemHeader(
            Definition->getLocation()))
      return true;
    if (!Visited.insert(Definition).second)
      return true;
    GridNeedFinder Inner;
    Inner.Visited = Visited;
    Inner.TraverseStmt(Definition->getBody());
    Visited = Inner.Visited;
    if (!Inner.Need.empty())
      return found("calls '" + Definition->getNameAsString() + "', which " +
                   Inner.Need);
    return true;
  }

private:
  bool found(std::string Why) {
    Need = std::move(Why);
    return false;
  }
  llvm::DenseSet<const FunctionDecl *> Visited;
};

/// A break or continue in \p S that leaves \p S.
class EscapingJumpFinder : public RecursiveASTVisitor<EscapingJumpFinder> {
public:
  const Stmt *Jump = nullptr;
  bool TraverseForStmt(ForStmt *) { return true; }
  bool TraverseWhileStmt(WhileStmt *) { return true; }
  bool TraverseDoStmt(DoStmt *) { return true; }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *) { return true; }
  bool TraverseSwitchStmt(SwitchStmt *S) {
    // A break in a switch stays in it; a continue leaves it.
    ContinueOnly = true;
    RecursiveASTVisitor::TraverseSwitchStmt(S);
    ContinueOnly = false;
    return Jump == nullptr;
  }
  bool VisitBreakStmt(BreakStmt *S) {
    if (!ContinueOnly)
      Jump = S;
    return Jump == nullptr;
  }
  bool VisitContinueStmt(ContinueStmt *S) {
    Jump = S;
    return false;
  }
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

private:
  bool ContinueOnly = false;
};

/// The declarations \p S refers to.
class ReferenceCollector : public RecursiveASTVisitor<ReferenceCollector> {
public:
  llvm::SetVector<const ValueDecl *> Found;
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    Found.insert(Ref->getDecl());
    return true;
  }
};

llvm::StringRef keywordOf(const Stmt &S) {
  switch (S.getStmtClass()) {
  case Stmt::SwitchStmtClass:
  case Stmt::CaseStmtClass:
  case Stmt::DefaultStmtClass:
    return "switch";
  case Stmt::CXXForRangeStmtClass:
    return "range-based for";
  case Stmt::CXXTryStmtClass:
  case Stmt::CXXCatchStmtClass:
    return "try";
  case Stmt::LabelStmtClass:
    return "labeled";
  case Stmt::AttributedStmtClass:
    return "attributed";
  default:
    return S.getStmtClassName();
  }
}

class KernelMigration {
public:
  KernelMigration(ASTContext &Context, const FunctionDecl &Kernel,
                  bool SingleThread, bool KeepLineNumbers, SourceEdits &Edits)
      : Context(Context), SM(Context.getSourceManager()), Kernel(Kernel),
        Body(*cast<CompoundStmt>(Kernel.getBody())), SingleThread(SingleThread),
        KeepLineNumbers(KeepLineNumbers), Edits(Edits),
        Spans(Context, Edits.file()), Values(Kernel) {}

  bool run(llvm::ArrayRef<const CallExpr *> Syncs);

private:
  bool place(Split &S);
  bool collectPieces(Split &S);
  void findNeeded();
  bool checkPerThread(Split &S);
  bool checkWholeGrid(Split &S);
  /// What a removed statement leaves: nothing, or its line breaks.
  std::string removed(Span Statement) const;
  bool checkCarriable(const ValueDecl &D, const Split &S);
  bool checkShared(const VarDecl &V, Split &S);
  void substitute(const Split &S);
  std::string continuation(const Split &S);
  std::vector<Piece> runsOf(const Split &S) const;
  std::string launch(const Split &S, llvm::StringRef Indent) const;
  std::vector<std::string> parameters(const Split &S) const;
  std::string pieceText(const Piece &P, llvm::StringRef Indent) const;
  bool inCopied(const Split &S, SourceLocation Loc) const;
  std::string uniqueName(llvm::StringRef Base);
  /// Parameters first, as the kernel declares them, then locals in order.
  void sortCarried(Split &S) const;

  TableReport refuse(SourceLocation Loc, MigrationDiag Kind) {
    return report(Context.getDiagnostics(), Loc, Kind);
  }
  void declaredHere(const ValueDecl &D) {
    report(Context.getDiagnostics(), D.getLocation(),
           MigrationDiag::DeclaredHere)
        << D.getName();
  }

  ASTContext &Context;
  const SourceManager &SM;
  const FunctionDecl &Kernel;
  const CompoundStmt &Body;
  bool SingleThread;
  bool KeepLineNumbers;
  SourceEdits &Edits;
  SourceSpans Spans;
  KernelValues Values;
  std::vector<Split> Splits;
  std::vector<Substitution> Substitutions;
};

bool KernelMigration::place(Split &S) {
  // The statement is the call, perhaps cast to void or in parentheses.
  const Stmt *Current = S.Call;
  DynTypedNodeList Parents = Context.getParents(*Current);
  while (!Parents.empty()) {
    const Stmt *Parent = Parents[0].get<Stmt>();
    if (!Parent) {
      refuse(S.Call->getBeginLoc(), MigrationDiag::ResultUsed);
      return false;
    }
    bool Wraps = isa<ParenExpr, ExprWithCleanups, ImplicitCastExpr>(Parent) ||
                 (isa<CStyleCastExpr>(Parent) &&
                  cast<CStyleCastExpr>(Parent)->getType()->isVoidType());
    if (!Wraps)
      break;
    Current = Parent;
    Parents = Context.getParents(*Current);
  }
  S.Statement = Current;
  while (Current != &Body) {
    DynTypedNodeList Up = Context.getParents(*Current);
    const Stmt *Parent = Up.empty() ? nullptr : Up[0].get<Stmt>();
    if (!Parent) {
      refuse(S.Call->getBeginLoc(), MigrationDiag::ResultUsed);
      return false;
    }
    if (isa<Expr>(Parent) ||
        (isa<IfStmt>(Parent) && cast<IfStmt>(Parent)->getCond() == Current)) {
      refuse(S.Call->getBeginLoc(), MigrationDiag::ResultUsed);
      return false;
    }
    if (!isa<CompoundStmt, IfStmt, ForStmt, WhileStmt, DoStmt>(Parent)) {
      refuse(S.Call->getBeginLoc(), MigrationDiag::UnsupportedStatement)
          << keywordOf(*Parent);
      return false;
    }
    S.Ancestors.insert(S.Ancestors.begin(), Parent);
    Current = Parent;
  }
  return true;
}

bool KernelMigration::collectPieces(Split &S) {
  const Stmt *Child = S.Statement;
  for (unsigned I = S.Ancestors.size(); I-- > 0;) {
    const Stmt *Parent = S.Ancestors[I];
    if (const auto *Block = dyn_cast<CompoundStmt>(Parent)) {
      bool After = false;
      for (const Stmt *Sibling : Block->body()) {
        if (After)
          S.Pieces.push_back({Piece::Statement, Sibling, I});
        // Nothing after a return runs.
        if (After && isa<ReturnStmt>(Sibling))
          goto Collected;
        After |= Sibling == Child;
      }
    } else if (const auto *For = dyn_cast<ForStmt>(Parent)) {
      if (Child != For->getBody()) {
        refuse(S.Call->getBeginLoc(), MigrationDiag::UnsupportedStatement)
            << "for-init";
        return false;
      }
      if (For->getInc())
        S.Pieces.push_back({Piece::ForIncrement, For, I});
      S.Pieces.push_back({Piece::LoopAgain, For, I});
    } else if (isa<WhileStmt, DoStmt>(Parent)) {
      S.Pieces.push_back({Piece::LoopAgain, Parent, I});
    }
    Child = Parent;
  }
Collected:
  // A break or continue in a statement that runs before the loop around it
  // starts again (in the continuation, outside that loop) would leave it.
  for (size_t I = 0; I < S.Pieces.size(); ++I) {
    const Piece &P = S.Pieces[I];
    bool LoopFollows =
        std::any_of(S.Pieces.begin() + I, S.Pieces.end(),
                    [](const Piece &Q) { return Q.Kind == Piece::LoopAgain; });
    if (P.Kind != Piece::Statement || !LoopFollows)
      continue;
    EscapingJumpFinder Finder;
    Finder.TraverseStmt(const_cast<Stmt *>(P.S));
    if (Finder.Jump) {
      refuse(S.Call->getBeginLoc(), MigrationDiag::JumpLeavesLoop)
          << (isa<BreakStmt>(Finder.Jump) ? "break" : "continue");
      return false;
    }
  }
  auto Ignorable = [&](const Piece &P) {
    if (P.Kind != Piece::Statement)
      return false;
    if (isa<NullStmt>(P.S))
      return true;
    if (const auto *Return = dyn_cast<ReturnStmt>(P.S))
      return Return->getRetValue() == nullptr;
    if (const auto *Call = dyn_cast<CallExpr>(P.S))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        return Callee->getIdentifier() && Callee->getName() == "__syncthreads";
    return false;
  };
  if (llvm::all_of(S.Pieces, Ignorable)) {
    S.Kind = Shape::Remove;
    S.Pieces.clear();
    return true;
  }
  for (const Piece &P : S.Pieces) {
    Span Copy = Spans.statement(*P.S);
    // A loop starts again without its init-statement.
    if (P.Kind == Piece::ForIncrement)
      Copy = Spans.expression(*cast<ForStmt>(P.S)->getInc());
    if (const auto *For = dyn_cast<ForStmt>(P.S);
        For && P.Kind == Piece::LoopAgain && For->getInit())
      Copy.Begin = Spans.statement(*For->getInit()).End;
    S.Copied.push_back(Copy);
  }
  GridNeedFinder Finder;
  for (const Piece &P : S.Pieces)
    if (Finder.Need.empty())
      Finder.TraverseStmt(const_cast<Stmt *>(P.S));
  S.GridNeed = Finder.Need;
  S.Kind =
      S.GridNeed.empty() || SingleThread ? Shape::PerThread : Shape::WholeGrid;
  return true;
}

bool KernelMigration::inCopied(const Split &S, SourceLocation Loc) const {
  unsigned Offset = Spans.offset(Loc);
  return llvm::any_of(S.Copied, [&](const Span &C) {
    return C.Begin <= Offset && Offset < C.End;
  });
}

void KernelMigration::findNeeded() {
  for (Split &S : Splits) {
    ReferenceCollector Collector;
    for (const Piece &P : S.Pieces)
      Collector.TraverseStmt(const_cast<Stmt *>(P.S));
    for (const ValueDecl *D : Collector.Found) {
      const auto *V = dyn_cast<VarDecl>(D);
      // __shared__ variables are static locals to clang, or globals: the
      // continuation's blocks have their own.
      bool Shared = V && V->hasAttr<CUDASharedAttr>();
      if (!V || !(V->isLocalVarDecl() || isa<ParmVarDecl>(V) || Shared) ||
          (V->isStaticLocal() && !Shared) ||
          (!Shared && V->getDeclContext() != &Kernel))
        continue;
      if (!inCopied(S, V->getLocation()))
        S.Needed.insert(V);
    }
  }
  // A later synchronisation inside the copied code launches its own
  // continuation there, with what it needs.
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (Split &S : Splits)
      for (const Split &Inner : Splits)
        if (&Inner != &S && Inner.Kind != Shape::Remove &&
            inCopied(S, Inner.Call->getBeginLoc()))
          for (const ValueDecl *D : Inner.Carried.empty()
                                        ? Inner.Needed.getArrayRef()
                                        : llvm::ArrayRef(Inner.Carried))
            if (!inCopied(S, D->getLocation()))
              Changed |= S.Needed.insert(D);
  }
}

/// Whether \p Type is a stream or an event handle (cudaStream_t, a pointer to
/// CUstream_st; cudaEvent_t, to CUevent_st), under whatever alias.
static bool isStreamOrEventHandle(QualType Type) {
  const auto *Pointer = Type.getCanonicalType()->getAs<PointerType>();
  const RecordDecl *Record =
      Pointer ? Pointer->getPointeeType()->getAsRecordDecl() : nullptr;
  return Record && Record->getIdentifier() &&
         (Record->getName() == "CUstream_st" ||
          Record->getName() == "CUevent_st");
}

bool KernelMigration::checkCarriable(const ValueDecl &D, const Split &S) {
  QualType Type = D.getType();
  int Why = -1;
  if (Type->isArrayType())
    Why = 0;
  else if (Type->isReferenceType())
    Why = 1;
  else if (isStreamOrEventHandle(Type))
    Why = 2;
  else if (const CXXRecordDecl *Record = Type->getAsCXXRecordDecl();
           Record && (Record->isLambda() || !Record->getIdentifier()))
    Why = 3;
  if (Why < 0)
    return true;
  refuse(S.Call->getBeginLoc(), MigrationDiag::UncarriableValue)
      << D.getName() << Why;
  declaredHere(D);
  return false;
}

bool KernelMigration::checkShared(const VarDecl &V, Split &S) {
  if (V.hasExternalStorage()) {
    refuse(S.Call->getBeginLoc(), MigrationDiag::DynamicSharedMemory)
        << V.getName();
    return false;
  }
  // Used in the kernel before the synchronisation (outside the copied code,
  // apart from its declaration)?
  class UseFinder : public RecursiveASTVisitor<UseFinder> {
  public:
    const VarDecl &V;
    const KernelMigration &M;
    const Split &S;
    bool UsedBefore = false;
    UseFinder(const VarDecl &V, const KernelMigration &M, const Split &S)
        : V(V), M(M), S(S) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (Ref->getDecl() == &V && !M.inCopied(S, Ref->getBeginLoc()))
        UsedBefore = true;
      return !UsedBefore;
    }
  } Finder(V, *this, S);
  Finder.TraverseStmt(const_cast<CompoundStmt *>(&Body));
  if (Finder.UsedBefore) {
    refuse(S.Call->getBeginLoc(), MigrationDiag::SharedMemoryCarried)
        << V.getName();
    declaredHere(V);
    return false;
  }
  if (V.isLocalVarDecl())
    S.Declared.push_back(&V);
  return true;
}

bool KernelMigration::checkPerThread(Split &S) {
  for (const ValueDecl *D : S.Needed) {
    const auto *V = cast<VarDecl>(D);
    if (V->hasAttr<CUDASharedAttr>()) {
      if (!checkShared(*V, S))
        return false;
      continue;
    }
    if (!checkCarriable(*V, S))
      return false;
    S.Carried.push_back(V);
  }
  sortCarried(S);
  return true;
}

bool KernelMigration::checkWholeGrid(Split &S) {
  // Where the whole grid meets: the call's statement in the body, or an
  // 'if' of the body around it.
  bool InBody = S.Ancestors.size() == 1;
  bool InTopIf = (S.Ancestors.size() == 2 && isa<IfStmt>(S.Ancestors[1]) &&
                  cast<IfStmt>(S.Ancestors[1])->getThen() == S.Statement) ||
                 (S.Ancestors.size() == 3 && isa<IfStmt>(S.Ancestors[1]) &&
                  cast<IfStmt>(S.Ancestors[1])->getThen() == S.Ancestors[2]);
  if (llvm::any_of(S.Ancestors, [](const Stmt *A) {
        return isa<ForStmt, WhileStmt, DoStmt>(A);
      })) {
    refuse(S.Call->getBeginLoc(), MigrationDiag::ContinuationNeedsGrid)
        << S.GridNeed;
    return false;
  }
  if (!InBody && !InTopIf) {
    refuse(S.Call->getBeginLoc(), MigrationDiag::NestedWholeGridSplit)
        << S.GridNeed;
    return false;
  }
  if (InTopIf) {
    const Expr *Cond = cast<IfStmt>(S.Ancestors[1])->getCond();
    if (!Values.isRecomputable(*Cond)) {
      refuse(S.Call->getBeginLoc(), MigrationDiag::PerThreadValue)
          << Spans.text(Spans.expression(*Cond)) << S.GridNeed;
      return false;
    }
    ReferenceCollector Collector;
    Collector.TraverseStmt(const_cast<Expr *>(Cond));
    for (const ValueDecl *D : Collector.Found)
      if (isa<ParmVarDecl>(D) ||
          (isa<VarDecl>(D) && cast<VarDecl>(D)->isLocalVarDecl() &&
           !cast<VarDecl>(D)->isStaticLocal()))
        S.Needed.insert(D);
  }
  // Every thread must reach the statement: a return before it may depend
  // only on what all threads share.
  class ReturnFinder : public RecursiveASTVisitor<ReturnFinder> {
  public:
    std::vector<const ReturnStmt *> Returns;
    bool VisitReturnStmt(ReturnStmt *R) {
      Returns.push_back(R);
      return true;
    }
    bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  } Finder;
  Finder.TraverseStmt(const_cast<CompoundStmt *>(&Body));
  unsigned SyncOffset = Spans.offset(S.Call->getBeginLoc());
  for (const ReturnStmt *R : Finder.Returns) {
    if (Spans.offset(R->getBeginLoc()) > SyncOffset)
      continue;
    const Stmt *Current = R;
    bool Uniform = true;
    while (Current != &Body && Uniform) {
      DynTypedNodeList Up = Context.getParents(*Current);
      const Stmt *Parent = Up.empty() ? nullptr : Up[0].get<Stmt>();
      if (!Parent)
        break;
      if (const auto *If = dyn_cast<IfStmt>(Parent))
        Uniform = Values.isRecomputable(*If->getCond(),
                                        /*ThreadIndices=*/false);
      else if (!isa<CompoundStmt>(Parent))
        Uniform = false;
      Current = Parent;
    }
    if (!Uniform) {
      refuse(R->getBeginLoc(), MigrationDiag::ThreadMayReturn) << S.GridNeed;
      return false;
    }
  }
  // Values: parameters travel (the first thread's are everyone's when they
  // never change); locals are computed again.
  llvm::SetVector<const ValueDecl *> Work(S.Needed.begin(), S.Needed.end());
  llvm::SetVector<const VarDecl *> Again;
  for (size_t I = 0; I < Work.size(); ++I) {
    const auto *V = cast<VarDecl>(Work[I]);
    if (isa<ParmVarDecl>(V)) {
      if (Values.isChanged(*V)) {
        refuse(S.Call->getBeginLoc(), MigrationDiag::ParameterChanged)
            << V->getName() << S.GridNeed;
        return false;
      }
      if (!checkCarriable(*V, S))
        return false;
      S.Carried.push_back(V);
      continue;
    }
    if (V->hasAttr<CUDASharedAttr>()) {
      if (!checkShared(*V, S))
        return false;
      continue;
    }
    if (!Values.isRecomputable(*V)) {
      refuse(S.Call->getBeginLoc(), MigrationDiag::PerThreadValue)
          << V->getName() << S.GridNeed;
      declaredHere(*V);
      return false;
    }
    Again.insert(V);
    ReferenceCollector Collector;
    Collector.TraverseStmt(const_cast<Expr *>(V->getInit()));
    for (const ValueDecl *D : Collector.Found)
      if (const auto *Used = dyn_cast<VarDecl>(D);
          Used && (isa<ParmVarDecl>(Used) ||
                   (Used->isLocalVarDecl() && !Used->isStaticLocal())))
        Work.insert(Used);
  }
  sortCarried(S);
  std::vector<const VarDecl *> InOrder(Again.begin(), Again.end());
  llvm::sort(InOrder, [&](const VarDecl *A, const VarDecl *B) {
    return Spans.offset(A->getLocation()) < Spans.offset(B->getLocation());
  });
  llvm::append_range(S.Declared, InOrder);
  return true;
}

void KernelMigration::sortCarried(Split &S) const {
  auto Key = [&](const ValueDecl *D) {
    if (const auto *Param = dyn_cast<ParmVarDecl>(D))
      return std::make_pair(0u, Param->getFunctionScopeIndex());
    return std::make_pair(1u, Spans.offset(D->getLocation()));
  };
  llvm::sort(S.Carried, [&](const ValueDecl *A, const ValueDecl *B) {
    return Key(A) < Key(B);
  });
}

/// \p Head(Items)Tail, wrapped at 80 columns as clang-format would, with
/// the items after the first line aligned after the parenthesis.
static std::string wrapped(llvm::StringRef Indent, llvm::StringRef Head,
                           llvm::ArrayRef<std::string> Items,
                           llvm::StringRef Tail) {
  std::string Text = (Indent + Head + "(").str();
  size_t LineStart = 0;
  std::string Align(Text.size(), ' ');
  for (size_t I = 0; I < Items.size(); ++I) {
    std::string Item = Items[I] + (I + 1 < Items.size() ? "," : "");
    size_t Extra = Item.size() + (I + 1 == Items.size() ? Tail.size() + 1 : 0);
    bool First = Text.size() - LineStart == Align.size();
    if (!First && Text.size() - LineStart + 1 + Extra > 80) {
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

std::string KernelMigration::uniqueName(llvm::StringRef Base) {
  std::string Name = Base.str();
  for (unsigned N = 2; Context.Idents.find(Name) != Context.Idents.end(); ++N)
    Name = (Base + "_" + llvm::Twine(N)).str();
  Context.Idents.get(Name); // Taken, for the next continuation.
  return Name;
}

std::vector<std::string> KernelMigration::parameters(const Split &S) const {
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

std::string KernelMigration::launch(const Split &S,
                                    llvm::StringRef Indent) const {
  // The text starts where Indent ends.
  std::vector<std::string> Arguments;
  for (const ValueDecl *D : S.Carried)
    Arguments.push_back(D->getNameAsString());
  if (S.Kind == Shape::PerThread)
    return wrapped(Indent, S.Name + "<<<1, 1, 0, cudaStreamTailLaunch>>>",
                   Arguments, ";")
        .substr(Indent.size());
  return "if (blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0 &&\n" +
         Indent.str() +
         "    threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)\n" +
         wrapped(Indent.str() + "  ",
                 S.Name + "<<<gridDim, blockDim, 0, cudaStreamTailLaunch>>>",
                 Arguments, ";");
}

std::string KernelMigration::removed(Span Statement) const {
  return KeepLineNumbers ? Spans.lineBreaksOf(Spans.wholeLines(Statement)) : "";
}

void KernelMigration::substitute(const Split &S) {
  const Stmt *Parent = S.Ancestors.back();
  const auto *Block = dyn_cast<CompoundStmt>(Parent);
  Span Sync = Spans.statement(*S.Statement);
  // The statement and its later siblings, which no longer run here.
  Span Rest = Sync;
  if (Block && !Block->body_empty())
    Rest.End = std::max(Rest.End, Spans.statement(*Block->body_back()).End);
  if (S.Kind == Shape::Remove) {
    Substitutions.push_back({Spans.wholeLines(Sync), removed(Sync)});
    return;
  }
  std::string Indent = Spans.indentOf(Sync.Begin);
  if (S.Kind == Shape::PerThread) {
    std::string Text = launch(S, Indent);
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
    Substitutions.push_back({Rest, launch(S, Indent)});
    return;
  }
  // In an 'if' of the body: its rest goes, and the launch follows the 'if'.
  const Stmt *If = S.Ancestors[1];
  Substitutions.push_back({Spans.wholeLines(Rest), Block ? "" : ";"});
  Span After = Spans.statement(*If);
  After.Begin = After.End;
  After.End = std::max(After.End, Spans.statement(*Body.body_back()).End);
  std::string BodyIndent = Spans.indentOf(Spans.statement(*If).Begin);
  Substitutions.push_back({After, "\n" + BodyIndent + launch(S, BodyIndent)});
}

std::string KernelMigration::pieceText(const Piece &P,
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

std::vector<Piece> KernelMigration::runsOf(const Split &S) const {
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
    Run.End = Spans.statement(*S.Pieces[Last].S).End;
    Runs.push_back({Piece::Statements, P.S, P.Depth, Run});
    I = Last;
  }
  return Runs;
}

std::string KernelMigration::continuation(const Split &S) {
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
  OS << wrapped("", Static + "__global__ void " + S.Name, parameters(S), " {")
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

bool KernelMigration::run(llvm::ArrayRef<const CallExpr *> Syncs) {
  for (const CallExpr *Call : Syncs) {
    Split &S = Splits.emplace_back();
    S.Call = Call;
    if (Call->getBeginLoc().isMacroID()) {
      refuse(SM.getExpansionLoc(Call->getBeginLoc()), MigrationDiag::InMacro);
      return false;
    }
    if (!place(S) || !collectPieces(S))
      return false;
  }
  unsigned Continuations = llvm::count_if(
      Splits, [](const Split &S) { return S.Kind != Shape::Remove; });
  unsigned Number = 0;
  for (Split &S : Splits)
    if (S.Kind != Shape::Remove)
      S.Name = uniqueName(
          (Kernel.getName() + "_continuation" +
           (Continuations > 1 ? llvm::Twine(++Number) : llvm::Twine()))
              .str());
  findNeeded();
  for (Split &S : Splits) {
    if (S.Kind == Shape::PerThread && !checkPerThread(S))
      return false;
    if (S.Kind == Shape::WholeGrid && !checkWholeGrid(S))
      return false;
  }
  for (const Split &S : Splits)
    substitute(S);

  // The kernel: its synchronisations become launches of the continuations.
  Span Whole = Spans.statement(Body);
  for (const Substitution &Sub : Spans.outermost(Whole, Substitutions))
    Edits.replace(Spans.range(Sub.Where), Sub.Text);
  if (Continuations == 0)
    return true;
  // The continuations: declared before the kernel, which launches them,
  // and defined after it.
  SourceLocation Start = SM.getExpansionLoc(Kernel.getBeginLoc());
  if (const RawComment *Comment = Context.getRawCommentForDeclNoCache(&Kernel))
    Start = SM.getExpansionLoc(Comment->getBeginLoc());
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
  bool BlankFollows = Spans.text({Whole.End, Whole.End + 2}) == "\n"
                                                                ""
                                                                "\n";
  if (!BlankFollows)
    Definitions += "\n";
  if (KeepLineNumbers)
    Definitions +=
        "\n" + lineDirectiveAfter(SM, Spans.location(Whole.End - 1), "");
  Edits.insert(Spans.location(Whole.End), Definitions);
  return true;
}

} // namespace

bool migrateDeviceSyncs(ASTContext &Context, const FunctionDecl &Kernel,
                        llvm::ArrayRef<const CallExpr *> Syncs,
                        bool SingleThread, bool KeepLineNumbers,
                        SourceEdits &Edits) {
  if (Kernel.isTemplated() || Kernel.isTemplateInstantiation()) {
    report(Context.getDiagnostics(), Syncs.front()->getBeginLoc(),
           MigrationDiag::InTemplate)
        << Kernel.getName();
    return false;
  }
  return KernelMigration(Context, Kernel, SingleThread, KeepLineNumbers, Edits)
      .run(Syncs);
}

} // namespace cdp
