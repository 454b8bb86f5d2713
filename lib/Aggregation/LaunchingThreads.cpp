//===- LaunchingThreads.cpp - A launch one thread of its block makes -----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchingThreads.h"
#include "Aggregation/EnclosingStatements.h"
#include "Aggregation/IndexGuard.h"
#include "CudaAST/CooperativeGroups.h"
#include "CudaAST/KernelValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cdp {
namespace {

/// What \p E stands for: the initializer of the local of the kernel that
/// it names, where that local is an integer that never changes (`const
/// int t = threadIdx.x;`), else \p E itself.
const Expr *seenThroughCopy(const Expr *E, const KernelValues &Values) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    if (const auto *Local = dyn_cast<VarDecl>(Ref->getDecl()))
      if (Local->hasLocalStorage() && !isa<ParmVarDecl>(Local) &&
          Local->getInit() && !Values.isChanged(*Local) &&
          Local->getType()->isIntegerType())
        return Local->getInit();
  return E;
}

/// The member of a CUDA index variable that \p E reads, directly or
/// through such a copy.
std::optional<IndexMember> memberSeenThroughCopies(const Expr *E,
                                                   const KernelValues &Values) {
  return indexMemberOf(seenThroughCopy(E, Values));
}

/// Whether \p E has one value in every thread of a block: it reads
/// constants, template parameters, unchanged parameters and locals,
/// blockIdx, blockDim and gridDim (`NUM_THREADS_PER_BLOCK - 1`,
/// `blockDim.x - 1`).
bool sameInBlock(const Expr &E, const KernelValues &Values) {
  const Expr *Bare = E.IgnoreParenImpCasts();
  if (isa<SubstNonTypeTemplateParmExpr>(Bare))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Bare);
      Ref && isa<NonTypeTemplateParmDecl>(Ref->getDecl()))
    return true;
  if (indexVariableRead(*Bare) == "blockIdx")
    return true;
  if (const auto *Binary = dyn_cast<BinaryOperator>(Bare))
    return !Binary->isAssignmentOp() && !Binary->isCommaOp() &&
           sameInBlock(*Binary->getLHS(), Values) &&
           sameInBlock(*Binary->getRHS(), Values);
  return Values.isRecomputable(*Bare, /*ThreadIndices=*/false);
}

/// The component of threadIdx that \p Test, when true, leaves one thread
/// of a block row in: `threadIdx.c == 0`, `!threadIdx.c`, or `threadIdx.c`
/// equal to a value the same in the whole block (the sample quadtree's
/// `threadIdx.x == NUM_THREADS_PER_BLOCK - 1`); or the x index equal to
/// such a value (`tid == 0`: threadIdx.x is then that value less the
/// block's start, one in each block).
std::optional<unsigned> singleThreadTest(const Expr &Test,
                                         const ASTContext &Context,
                                         const KernelValues &Values) {
  auto MemberOf = [&](const Expr *E) {
    return memberSeenThroughCopies(E, Values);
  };
  if (std::optional<unsigned> Zero =
          threadIndexTestedZero(Test, Context, MemberOf))
    return Zero;
  const auto *Equal = dyn_cast<BinaryOperator>(Test.IgnoreParenImpCasts());
  if (!Equal || Equal->getOpcode() != BO_EQ)
    return std::nullopt;
  for (auto [Index, Value] : {std::pair(Equal->getLHS(), Equal->getRHS()),
                              std::pair(Equal->getRHS(), Equal->getLHS())}) {
    if (!sameInBlock(*Value, Values))
      continue;
    const std::optional<IndexMember> Member = MemberOf(Index);
    if (Member && Member->Variable == "threadIdx")
      return Member->Component;
    // The x index, directly or through a copy (`tid == 0`).
    if (isXIndex(seenThroughCopy(Index, Values), Context))
      return 0u;
  }
  return std::nullopt;
}

/// Whether \p E is a thread's rank in its block, `block.thread_rank()` of
/// a cooperative_groups::thread_block (`cg::this_thread_block()`).
bool isRankInBlock(const Expr &E) {
  // A static member: `block.thread_rank()` is no member call.
  const auto *Call = dyn_cast<CallExpr>(E.IgnoreParenImpCasts());
  const auto *Rank =
      Call ? dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee()) : nullptr;
  if (!Rank || !Rank->getIdentifier() || Rank->getName() != "thread_rank")
    return false;
  const CXXRecordDecl *Group = Rank->getParent();
  return Group->getIdentifier() && Group->getName() == "thread_block" &&
         inCooperativeGroups(*Group);
}

/// Whether \p Test, when true, leaves one thread of a block: its rank in
/// the block equal to a value the same in the whole block.
bool rankInBlockTested(const Expr &Test, const KernelValues &Values) {
  const auto *Equal = dyn_cast<BinaryOperator>(Test.IgnoreParenImpCasts());
  if (!Equal || Equal->getOpcode() != BO_EQ)
    return false;
  return (isRankInBlock(*Equal->getLHS()) &&
          sameInBlock(*Equal->getRHS(), Values)) ||
         (isRankInBlock(*Equal->getRHS()) &&
          sameInBlock(*Equal->getLHS(), Values));
}

/// Notes in \p Tested the components that \p Condition, when true, leaves
/// one thread in (singleThreadTest, rankInBlockTested), conjunct by
/// conjunct.
void noteSingleThreadTests(const Expr *Condition, const ASTContext &Context,
                           const KernelValues &Values, bool (&Tested)[3]) {
  const auto *Binary =
      dyn_cast<BinaryOperator>(Condition->IgnoreParenImpCasts());
  if (Binary && Binary->getOpcode() == BO_LAnd) {
    noteSingleThreadTests(Binary->getLHS(), Context, Values, Tested);
    noteSingleThreadTests(Binary->getRHS(), Context, Values, Tested);
    return;
  }
  if (rankInBlockTested(*Condition, Values)) {
    Tested[0] = Tested[1] = Tested[2] = true;
    return;
  }
  if (std::optional<unsigned> Component =
          singleThreadTest(*Condition, Context, Values))
    Tested[*Component] = true;
}

/// The components of threadIdx that \p Body reads.
void noteReadComponents(const Stmt *Body, bool (&Read)[3]) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool (&Read)[3];
    explicit Finder(bool (&Read)[3]) : Read(Read) {}
    bool VisitPseudoObjectExpr(PseudoObjectExpr *Property) {
      const std::optional<IndexMember> Member = indexMemberOf(Property);
      if (Member && Member->Variable == "threadIdx")
        Read[Member->Component] = true;
      return true;
    }
  } Find(Read);
  Find.TraverseStmt(const_cast<Stmt *>(Body));
}

} // namespace

const Stmt *oneThreadRegion(const Stmt &S, const FunctionDecl &Enclosing,
                            ASTContext &Context) {
  const Stmt *Body = Enclosing.getBody();
  if (!Body)
    return nullptr;
  bool Read[3] = {false, false, false};
  noteReadComponents(Body, Read);
  const KernelValues Values(Enclosing);
  const std::vector<EnclosingStatements::Holder> Holders =
      EnclosingStatements(*Body).holding(S);
  // From the body in: the first branch whose tests, with those of the
  // branches around it, leave one thread.
  bool Tested[3] = {false, false, false};
  for (auto H = Holders.rbegin(); H != Holders.rend(); ++H) {
    const auto *If = dyn_cast<IfStmt>(H->Outer);
    if (!If || If->getThen() != H->Inner || !If->getCond())
      continue;
    noteSingleThreadTests(If->getCond(), Context, Values, Tested);
    if (Tested[0] && (Tested[1] || !Read[1]) && (Tested[2] || !Read[2]))
      return H->Inner;
  }
  return nullptr;
}

/// Whether only one thread of a block reaches \p Launch in \p Enclosing
/// (onlyOneThreadLaunches), perhaps many times where \p InLoops.
static bool onlyOneThreadReaches(const CUDAKernelCallExpr &Launch,
                                 const FunctionDecl &Enclosing,
                                 ASTContext &Context, bool InLoops) {
  if (!InLoops && Enclosing.getBody() &&
      EnclosingStatements(*Enclosing.getBody()).inLoop(Launch))
    return false;
  return oneThreadRegion(Launch, Enclosing, Context) != nullptr;
}

bool onlyOneThreadLaunches(const CUDAKernelCallExpr &Launch,
                           const FunctionDecl &Enclosing, ASTContext &Context) {
  // A loop may make several launches of the one thread, which the block's
  // aggregation joins.
  return onlyOneThreadReaches(Launch, Enclosing, Context, /*InLoops=*/false);
}

bool onlyOneThreadReachesEver(const CUDAKernelCallExpr &Launch,
                              const FunctionDecl &Enclosing,
                              ASTContext &Context) {
  return onlyOneThreadReaches(Launch, Enclosing, Context, /*InLoops=*/true);
}

} // namespace cdp
