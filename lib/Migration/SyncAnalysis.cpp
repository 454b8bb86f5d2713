//===- SyncAnalysis.cpp - Whether and how a device sync migrates ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Migration/SyncAnalysis.h"

#include "CudaAST/RuntimeCalls.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cdp {
namespace {

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
    // A child grid's indices are its own, not the launching thread's.
    if (!Callee || isa<CUDAKernelCallExpr>(Call) ||
        Callee->hasAttr<CUDAGlobalAttr>())
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

/// The return \p S ends with: \p S itself, or the last statement of a
/// block (with \p Alone, its only one); null when it ends otherwise.
const ReturnStmt *finalReturnOf(const Stmt *S, bool Alone = false) {
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(S))
    S = Block->body_empty() || (Alone && Block->size() != 1)
            ? nullptr
            : Block->body_back();
  return dyn_cast_or_null<ReturnStmt>(S);
}

/// Whether \p E names the enumerator cudaSuccess.
bool isCudaSuccess(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *Enumerator =
      Ref ? dyn_cast<EnumConstantDecl>(Ref->getDecl()) : nullptr;
  return Enumerator && Enumerator->getIdentifier() &&
         Enumerator->getName() == "cudaSuccess";
}

/// The statement or expression directly around \p S; null at the top.
const Stmt *parentOf(ASTContext &Context, const Stmt &S) {
  DynTypedNodeList Parents = Context.getParents(S);
  return Parents.empty() ? nullptr : Parents[0].get<Stmt>();
}

/// Whether \p Parent compares \p Tested with cudaSuccess by \p Opcode,
/// either way round.
bool comparesWithSuccess(const Stmt *Parent, const Stmt *Tested,
                         BinaryOperatorKind Opcode) {
  const auto *Compare = dyn_cast_or_null<BinaryOperator>(Parent);
  if (!Compare || Compare->getOpcode() != Opcode)
    return false;
  return isCudaSuccess(Compare->getLHS() == Tested ? Compare->getRHS()
                                                   : Compare->getLHS());
}

/// Whether \p S only reads the thread's last error into a local variable:
/// `cudaError_t err = cudaGetLastError();`, `err = cudaPeekAtLastError();`.
bool readsErrorState(const Stmt &S) {
  const Expr *Value = nullptr;
  if (const auto *Decl = dyn_cast<DeclStmt>(&S)) {
    const auto *V = Decl->isSingleDecl()
                        ? dyn_cast<VarDecl>(Decl->getSingleDecl())
                        : nullptr;
    if (!V || !V->isLocalVarDecl() || V->isStaticLocal())
      return false;
    Value = V->getInit();
  } else if (const auto *Assign = dyn_cast<BinaryOperator>(&S)) {
    const auto *Target =
        dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts());
    const auto *V = Target ? dyn_cast<VarDecl>(Target->getDecl()) : nullptr;
    if (Assign->getOpcode() != BO_Assign || !V ||
        !(V->isLocalVarDecl() || isa<ParmVarDecl>(V)) || V->isStaticLocal())
      return false;
    Value = Assign->getRHS();
  }
  return Value && readsLastError(*Value->IgnoreParenImpCasts());
}

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

} // namespace

SyncAnalysis::SyncAnalysis(ASTContext &Context, const FunctionDecl &Kernel,
                           bool SingleThread, const SourceSpans &Spans)
    : Context(Context), SM(Context.getSourceManager()), Kernel(Kernel),
      Body(*cast<CompoundStmt>(Kernel.getBody())), SingleThread(SingleThread),
      Spans(Spans), Values(Kernel) {}

std::optional<std::vector<Split>>
SyncAnalysis::analyse(llvm::ArrayRef<const CallExpr *> Syncs) {
  for (const CallExpr *Call : Syncs) {
    Split &S = Splits.emplace_back();
    S.Call = Call;
    if (Call->getBeginLoc().isMacroID() && !assertionOf(*Call)) {
      refuse(SM.getExpansionLoc(Call->getBeginLoc()), MigrationDiag::InMacro);
      return std::nullopt;
    }
    if (!place(S) || !collectPieces(S))
      return std::nullopt;
  }
  findNeeded();
  for (Split &S : Splits) {
    if (S.Kind == Shape::PerThread && !checkPerThread(S))
      return std::nullopt;
    if (S.Kind == Shape::WholeGrid && !checkWholeGrid(S))
      return std::nullopt;
  }
  return std::move(Splits);
}

/// \p E with the parentheses, implicit conversions and casts to void
/// around it.
const Stmt *SyncAnalysis::outermostWrapOf(const Stmt *E) const {
  while (true) {
    DynTypedNodeList Parents = Context.getParents(*E);
    const Stmt *Parent = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    bool Wraps = isa_and_nonnull<ParenExpr, ExprWithCleanups, ImplicitCastExpr>(
                     Parent) ||
                 (isa_and_nonnull<CStyleCastExpr>(Parent) &&
                  cast<CStyleCastExpr>(Parent)->getType()->isVoidType());
    if (!Wraps)
      return E;
    E = Parent;
  }
}

const IfStmt *SyncAnalysis::errorCheckOf(const Stmt *Call) const {
  const Stmt *Tested = outermostWrapOf(Call);
  const Stmt *Parent = parentOf(Context, *Tested);
  // `cudaDeviceSynchronize() != cudaSuccess`, either way round.
  if (isa_and_nonnull<BinaryOperator>(Parent)) {
    if (!comparesWithSuccess(Parent, Tested, BO_NE))
      return nullptr;
    Tested = outermostWrapOf(Parent);
    Parent = parentOf(Context, *Tested);
  }
  // The branch must leave the kernel's code after the 'if' to the
  // continuation: it returns, and there is no other branch.
  const auto *If = dyn_cast_or_null<IfStmt>(Parent);
  if (!If || If->getCond() != Tested || If->getElse() || If->getInit() ||
      If->getConditionVariable() || If->isConsteval() ||
      !finalReturnOf(If->getThen()))
    return nullptr;
  return If;
}

const Stmt *SyncAnalysis::assertionOf(const CallExpr &Call) const {
  SourceLocation Loc = Call.getBeginLoc();
  if (!SM.isMacroArgExpansion(Loc) ||
      Lexer::getImmediateMacroName(Loc, SM, Context.getLangOpts()) != "assert")
    return nullptr;
  // What the assertion tests: the call's result is cudaSuccess.
  const Stmt *Tested = outermostWrapOf(&Call);
  const Stmt *Parent = parentOf(Context, *Tested);
  const auto *Not = dyn_cast_or_null<UnaryOperator>(Parent);
  if (!comparesWithSuccess(Parent, Tested, BO_EQ) &&
      !(Not && Not->getOpcode() == UO_LNot))
    return nullptr;
  // The statement is the assertion alone: the outermost expression, which
  // begins where `assert` is written.
  const Stmt *Statement = Parent;
  while (isa_and_nonnull<Expr>(parentOf(Context, *Statement)))
    Statement = parentOf(Context, *Statement);
  if (SM.getExpansionLoc(Statement->getBeginLoc()) != SM.getExpansionLoc(Loc))
    return nullptr;
  return Statement;
}

bool SyncAnalysis::place(Split &S) {
  // The statement is the call, perhaps cast to void or in parentheses; the
  // 'if' that tests its result; or the assertion of its result, which goes
  // with it (a CDP2 parent has no result of its children to test).
  const Stmt *Current = outermostWrapOf(S.Call);
  if (const Stmt *Assertion = assertionOf(*S.Call)) {
    Current = Assertion;
  } else if (const IfStmt *Check = errorCheckOf(S.Call)) {
    S.ErrorCheck = Check;
    const ReturnStmt *Only = finalReturnOf(Check->getThen(), /*Alone=*/true);
    S.ErrorCheckOnlyReturns = Only && !Only->getRetValue();
    Current = Check;
  }
  if (Context.getParents(*Current).empty() ||
      !Context.getParents(*Current)[0].get<Stmt>()) {
    refuse(S.Call->getBeginLoc(), MigrationDiag::ResultUsed);
    return false;
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

bool SyncAnalysis::collectPieces(Split &S) {
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
  // A read of the thread's last error right after the call stays in the
  // kernel (Split::ErrorRead), unless the continuation is the grid's.
  const Piece *First = S.Pieces.empty() ? nullptr : &S.Pieces.front();
  if (First && !S.ErrorCheck && First->Kind == Piece::Statement &&
      First->Depth + 1 == S.Ancestors.size() && readsErrorState(*First->S)) {
    S.ErrorRead = First->S;
    S.Pieces.erase(S.Pieces.begin());
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
    S.ErrorRead = nullptr; // Stays where it is, with the rest.
    return true;
  }
  GridNeedFinder Finder;
  for (const Piece &P : S.Pieces)
    if (Finder.Need.empty())
      Finder.TraverseStmt(const_cast<Stmt *>(P.S));
  S.GridNeed = Finder.Need;
  S.Kind =
      S.GridNeed.empty() || SingleThread ? Shape::PerThread : Shape::WholeGrid;
  // The grid's continuation computes its locals again from the indices
  // and parameters: the error read moves with the rest.
  if (S.Kind == Shape::WholeGrid && S.ErrorRead) {
    S.Pieces.insert(S.Pieces.begin(), {Piece::Statement, S.ErrorRead,
                                       unsigned(S.Ancestors.size() - 1)});
    S.ErrorRead = nullptr;
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
  return true;
}

bool SyncAnalysis::inCopied(const Split &S, SourceLocation Loc) const {
  unsigned Offset = Spans.offset(Loc);
  return llvm::any_of(S.Copied, [&](const Span &C) {
    return C.Begin <= Offset && Offset < C.End;
  });
}

void SyncAnalysis::findNeeded() {
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

bool SyncAnalysis::checkCarriable(const ValueDecl &D, const Split &S) {
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

bool SyncAnalysis::checkShared(const VarDecl &V, Split &S) {
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
    const SyncAnalysis &M;
    const Split &S;
    bool UsedBefore = false;
    UseFinder(const VarDecl &V, const SyncAnalysis &M, const Split &S)
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

bool SyncAnalysis::checkPerThread(Split &S) {
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

bool SyncAnalysis::checkWholeGrid(Split &S) {
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
  if (InTopIf && S.ErrorCheck) {
    refuse(S.Call->getBeginLoc(), MigrationDiag::TestedInWholeGridIf)
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

void SyncAnalysis::sortCarried(Split &S) const {
  auto Key = [&](const ValueDecl *D) {
    if (const auto *Param = dyn_cast<ParmVarDecl>(D))
      return std::make_pair(0u, Param->getFunctionScopeIndex());
    return std::make_pair(1u, Spans.offset(D->getLocation()));
  };
  llvm::sort(S.Carried, [&](const ValueDecl *A, const ValueDecl *B) {
    return Key(A) < Key(B);
  });
}

} // namespace cdp
