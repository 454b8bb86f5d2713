//===- BarrierPhases.cpp - A child's body split at its barriers -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/BarrierPhases.h"

#include "Aggregation/ChildGridUses.h"
#include "Aggregation/IndexGuard.h"
#include "CudaAST/KernelName.h"
#include "CudaAST/KernelValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

using namespace clang;

namespace cdp {
namespace {

/// Whether \p S is the statement `__syncthreads();`, written in the file.
bool isSyncThreadsStatement(const Stmt *S) {
  const auto *Call = dyn_cast<CallExpr>(S);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && Callee->getIdentifier() &&
         Callee->getName() == "__syncthreads" && Call->getNumArgs() == 0;
}

/// Whether \p Condition is false in every thread whose threadIdx.x is not
/// 0, and then evaluates nothing else: `threadIdx.x == 0`, `0 ==
/// threadIdx.x`, `!threadIdx.x`, or such a test first in an `&&` (or after
/// operands without side effects).
bool onlyAtXZero(const Expr &Condition, ASTContext &Context) {
  const auto *Binary =
      dyn_cast<BinaryOperator>(Condition.IgnoreParenImpCasts());
  // The right of `&&` counts only when the left has no effect, which every
  // lane would have before the phase.
  if (Binary && Binary->getOpcode() == BO_LAnd)
    return onlyAtXZero(*Binary->getLHS(), Context) ||
           (!Binary->getLHS()->HasSideEffects(Context) &&
            onlyAtXZero(*Binary->getRHS(), Context));
  return threadIndexTestedZero(Condition, Context) == 0u;
}

/// Whether \p S does nothing in a thread whose threadIdx.x is not 0: an
/// if statement (without else) whose condition says so, or `;`.
bool onlyAtXZero(const Stmt &S, ASTContext &Context) {
  if (isa<NullStmt>(S))
    return true;
  const auto *If = dyn_cast<IfStmt>(&S);
  return If && !If->getElse() && !If->getInit() &&
         !If->getConditionVariable() && !If->isConsteval() &&
         onlyAtXZero(*If->getCond(), Context);
}

/// The locals (and parameters) that \p Root reads, the returns and gotos in
/// it, and the `__shared__` variables it declares; lambdas' bodies are
/// their own functions and are not looked into for returns.
struct StatementFacts : RecursiveASTVisitor<StatementFacts> {
  llvm::SetVector<const VarDecl *> Read;
  const Stmt *Exit = nullptr;
  llvm::SmallVector<const VarDecl *, 4> Shared;

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      if (!Var->hasGlobalStorage())
        Read.insert(Var);
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *S) { return noteExit(S); }
  bool VisitGotoStmt(GotoStmt *S) { return noteExit(S); }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) { return noteExit(S); }
  bool TraverseLambdaExpr(LambdaExpr *Lambda) {
    // Its captures are reads; a return in its body leaves only the lambda.
    for (const LambdaCapture &Capture : Lambda->captures())
      if (Capture.capturesVariable())
        if (const auto *Var = dyn_cast<VarDecl>(Capture.getCapturedVar()))
          Read.insert(Var);
    return true;
  }
  bool VisitVarDecl(VarDecl *Var) {
    if (Var->hasAttr<CUDASharedAttr>())
      Shared.push_back(Var);
    return true;
  }

  static StatementFacts of(const Stmt *Root) {
    StatementFacts Facts;
    Facts.TraverseStmt(const_cast<Stmt *>(Root));
    return Facts;
  }

private:
  bool noteExit(const Stmt *S) {
    if (!Exit)
      Exit = S;
    return true;
  }
};

/// The splitting of one child's body, with the reasons it may not be.
class PhaseSplitter {
public:
  PhaseSplitter(const FunctionDecl &Child, const ChildGridUses &Uses,
                std::optional<PhaseRefusal> &Refusal)
      : Child(Child), Uses(Uses), Refusal(Refusal),
        Name(quotedKernelName(&Child)) {}

  std::optional<BarrierPhases> split() {
    const auto *Body = cast<CompoundStmt>(Child.getBody());
    if (Uses.OtherBarrier)
      return noPhases(Name + " has a barrier or warp collective other than a "
                             "__syncthreads(); statement of its body, where "
                             "the serial run cuts it into phases",
                      Uses.OtherBarrier->getBeginLoc(), "it is here");
    if (Uses.CalleeShared)
      return noPhases(Name + " calls a function that declares shared memory, "
                             "which in a serial run would be the launching "
                             "block's",
                      Uses.CalleeShared->getLocation(),
                      "'" + Uses.CalleeShared->getNameAsString() +
                          "' declared here");
    // The phase of each statement of the body.
    llvm::SmallVector<unsigned, 16> PhaseOf;
    llvm::DenseSet<SourceLocation> BarrierAt;
    for (const Stmt *S : Body->body()) {
      PhaseOf.push_back(Phases.Barriers.size());
      if (!isSyncThreadsStatement(S))
        continue;
      if (!S->getBeginLoc().isFileID() || !S->getEndLoc().isFileID())
        return noPhases(Name + " has a barrier written in a macro, where the "
                               "serial run cannot cut its body",
                        S->getBeginLoc(), "the barrier is here");
      Phases.Barriers.push_back(S);
      BarrierAt.insert(S->getBeginLoc());
    }
    for (const CallExpr *Barrier : Uses.KernelBarriers)
      if (!BarrierAt.contains(Barrier->getBeginLoc()))
        return noPhases(Name + " has a barrier or warp collective inside a "
                               "statement; the serial run cuts its body into "
                               "phases only at __syncthreads(); statements of "
                               "the body itself",
                        Barrier->getBeginLoc(), "it is here");
    const unsigned Last = Phases.Barriers.size();
    Phases.Redeclared.resize(Last + 1);
    llvm::SmallVector<bool, 4> AtXZero(Last + 1, true);
    // What each statement reads, and where each local is declared.
    llvm::DenseMap<const VarDecl *, std::pair<unsigned, const DeclStmt *>>
        DeclaredAt;
    llvm::SmallVector<llvm::SetVector<const VarDecl *>, 4> ReadIn(Last + 1);
    unsigned Index = 0;
    for (const Stmt *S : Body->body()) {
      const unsigned Phase = PhaseOf[Index++];
      StatementFacts Facts = StatementFacts::of(S);
      if (Facts.Exit && Phase < Last)
        return noPhases(Name + " leaves its body before its last barrier; in a "
                               "serial run, which cuts the body at its "
                               "barriers, the thread would run the rest",
                        Facts.Exit->getBeginLoc(), "it leaves here");
      ReadIn[Phase].insert(Facts.Read.begin(), Facts.Read.end());
      if (!checkShared(S, Facts))
        return std::nullopt;
      if (Facts.Shared.empty() && !isSyncThreadsStatement(S))
        AtXZero[Phase] =
            AtXZero[Phase] && onlyAtXZero(*S, Child.getASTContext());
      if (const auto *Declaration = dyn_cast<DeclStmt>(S))
        for (const Decl *D : Declaration->decls())
          if (const auto *Var = dyn_cast<VarDecl>(D))
            if (!Var->hasGlobalStorage())
              DeclaredAt[Var] = {Phase, Declaration};
    }
    if (Last > 0 && !redeclare(DeclaredAt, ReadIn))
      return std::nullopt;
    for (unsigned Phase = 0; Phase <= Last; ++Phase)
      if (AtXZero[Phase])
        Phases.AtXZero.push_back(Phase);
    return std::move(Phases);
  }

private:
  std::optional<BarrierPhases> noPhases(std::string Why, SourceLocation At,
                                        std::string Note) {
    refuse(std::move(Why), At, std::move(Note));
    return std::nullopt;
  }

  /// Records why not; false.
  bool refuse(std::string Why, SourceLocation At, std::string Note) {
    Refusal = PhaseRefusal{std::move(Why), At, std::move(Note)};
    return false;
  }

  /// The `__shared__` variables that \p S declares (\p Facts) must be a
  /// declaration of the body that declares nothing else, and not extern.
  bool checkShared(const Stmt *S, const StatementFacts &Facts) {
    if (Facts.Shared.empty())
      return true;
    const VarDecl *First = Facts.Shared.front();
    const auto *Declaration = dyn_cast<DeclStmt>(S);
    if (!Declaration ||
        Facts.Shared.size() != size_t(std::distance(Declaration->decl_begin(),
                                                    Declaration->decl_end()))) {
      refuse(Name + " declares shared memory inside a statement; a serial "
                    "run keeps only the body's own",
             First->getLocation(),
             "'" + First->getNameAsString() + "' declared here");
      return false;
    }
    for (const VarDecl *Var : Facts.Shared) {
      const std::string Declared =
          "'" + Var->getNameAsString() + "' declared here";
      if (Var->hasExternalStorage()) {
        refuse(Name + " uses dynamic shared memory, whose size only the "
                      "launch knows",
               Var->getLocation(), Declared);
        return false;
      }
      const QualType Type = Var->getType();
      const CXXRecordDecl *Record =
          Type->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
      if (Type->isDependentType() || Type->isIncompleteType() ||
          (Record && Record->isLocalClass())) {
        refuse(Name + " declares shared memory of a type that cannot be "
                      "named outside it",
               Var->getLocation(), Declared);
        return false;
      }
      ASTContext &Context = Child.getASTContext();
      SharedBytes =
          llvm::alignTo(SharedBytes,
                        Context.getTypeAlignInChars(Type).getQuantity()) +
          Context.getTypeSizeInChars(Type).getQuantity();
      if (SharedBytes > MostSharedBytes) {
        refuse(Name + " has more than " + std::to_string(MostSharedBytes) +
                   " bytes of shared memory; a serial run keeps a copy per "
                   "warp in global memory",
               Var->getLocation(), Declared);
        return false;
      }
    }
    Phases.SharedDeclarations.push_back(Declaration);
    return true;
  }

  /// Fills Redeclared: what each phase reads of the locals of an earlier
  /// one, and what those are computed from, each of which must be
  /// computed the same again; and no phase may read a parameter that an
  /// earlier one changes.
  bool redeclare(
      const llvm::DenseMap<const VarDecl *,
                           std::pair<unsigned, const DeclStmt *>> &DeclaredAt,
      llvm::ArrayRef<llvm::SetVector<const VarDecl *>> ReadIn) {
    KernelValues Values(Child);
    for (const ParmVarDecl *Param : Child.parameters()) {
      if (!Values.isChanged(*Param))
        continue;
      unsigned Reading = 0;
      for (const auto &Read : ReadIn)
        Reading += Read.contains(Param);
      if (Reading > 1)
        return refuse(Name + " changes its parameter '" +
                          Param->getNameAsString() +
                          "' and reads it in another phase (between "
                          "barriers); a serial run passes every phase the "
                          "value launched",
                      Param->getLocation(), "the parameter is declared here");
    }
    for (unsigned Phase = 1; Phase < ReadIn.size(); ++Phase) {
      llvm::SetVector<const DeclStmt *> Needed;
      llvm::SmallVector<const VarDecl *, 8> Work(ReadIn[Phase].begin(),
                                                 ReadIn[Phase].end());
      while (!Work.empty()) {
        const VarDecl *Var = Work.pop_back_val();
        auto It = DeclaredAt.find(Var);
        if (It == DeclaredAt.end() || It->second.first >= Phase)
          continue;
        if (!Values.isRecomputable(*Var))
          return refuse(Name + " reads '" + Var->getNameAsString() +
                            "' after a barrier that follows its "
                            "declaration, and its value is not computed "
                            "from the indices, unchanged parameters and "
                            "constants alone; a serial run keeps no "
                            "thread's locals from one phase to the next",
                        Var->getLocation(), "it is declared here");
        const DeclStmt *Declaration = It->second.second;
        if (!Needed.insert(Declaration))
          continue;
        // It is declared again whole.
        for (const Decl *D : Declaration->decls())
          if (const auto *Other = dyn_cast<VarDecl>(D);
              Other && Other != Var && !Values.isRecomputable(*Other))
            return refuse(Name + " declares '" + Other->getNameAsString() +
                              "' beside '" + Var->getNameAsString() +
                              "', which a later phase reads, and its value "
                              "is not computed from the indices, unchanged "
                              "parameters and constants alone",
                          Other->getLocation(), "it is declared here");
        for (const VarDecl *Read : StatementFacts::of(Declaration).Read)
          Work.push_back(Read);
      }
      llvm::SmallVector<const DeclStmt *, 2> InOrder(Needed.begin(),
                                                     Needed.end());
      llvm::sort(InOrder, [](const DeclStmt *A, const DeclStmt *B) {
        return A->getBeginLoc().getRawEncoding() <
               B->getBeginLoc().getRawEncoding();
      });
      Phases.Redeclared[Phase] = std::move(InOrder);
    }
    return true;
  }

  const FunctionDecl &Child;
  const ChildGridUses &Uses;
  std::optional<PhaseRefusal> &Refusal;
  const std::string Name;
  BarrierPhases Phases;
  /// The shared memory declared so far.
  uint64_t SharedBytes = 0;
};

} // namespace

std::optional<BarrierPhases>
splitAtBarriers(const FunctionDecl &Child, const ChildGridUses &Uses,
                std::optional<PhaseRefusal> &Refusal) {
  return PhaseSplitter(Child, Uses, Refusal).split();
}

bool needsPhases(const FunctionDecl &Child, const ChildGridUses &Uses) {
  return Uses.Barriers || Uses.CalleeShared || !sharedVariables(Child).empty();
}

llvm::SmallVector<const VarDecl *, 4>
sharedVariables(const FunctionDecl &Child) {
  return StatementFacts::of(Child.getBody()).Shared;
}

} // namespace cdp
