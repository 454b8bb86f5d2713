//===- LaunchingThreads.cpp - A launch one thread of its block makes -----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchingThreads.h"
#include "Aggregation/IndexGuard.h"
#include "CudaAST/CooperativeGroups.h"
#include "CudaAST/EnclosingStatements.h"
#include "CudaAST/KernelValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <array>
#include <optional>

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
/// block's start, one in each block). Where \p WhenFalse, the component
/// that \p Test leaves one thread in when false: `threadIdx.c != 0`,
/// `threadIdx.c` alone, `threadIdx.c > 0`, `tid != 0`, the x index alone.
std::optional<unsigned> singleThreadTest(const Expr &Test,
                                         const ASTContext &Context,
                                         const KernelValues &Values,
                                         bool WhenFalse) {
  auto MemberOf = [&](const Expr *E) {
    return memberSeenThroughCopies(E, Values);
  };
  auto ThreadIndex = [&](const Expr *E) -> std::optional<unsigned> {
    const std::optional<IndexMember> Member = MemberOf(E);
    if (Member && Member->Variable == "threadIdx")
      return Member->Component;
    return std::nullopt;
  };
  if (!WhenFalse)
    if (std::optional<unsigned> Zero =
            threadIndexTestedZero(Test, Context, MemberOf))
      return Zero;
  const auto *Compare = dyn_cast<BinaryOperator>(Test.IgnoreParenImpCasts());
  if (WhenFalse && !Compare) {
    // `if (threadIdx.x) return;`: an unsigned index, zero when false; the
    // x index likewise (`if (gid) return;`).
    if (isXIndex(seenThroughCopy(&Test, Values), Context))
      return 0u;
    return ThreadIndex(&Test);
  }
  if (!Compare)
    return std::nullopt;
  if (WhenFalse) {
    // `threadIdx.x > 0` and `0 < threadIdx.x`: the index is unsigned.
    auto IsZero = [&](const Expr *E) {
      Expr::EvalResult Value;
      return !E->isValueDependent() && E->EvaluateAsInt(Value, Context) &&
             Value.Val.getInt().isZero();
    };
    if (Compare->getOpcode() == BO_GT && IsZero(Compare->getRHS()))
      return ThreadIndex(Compare->getLHS());
    if (Compare->getOpcode() == BO_LT && IsZero(Compare->getLHS()))
      return ThreadIndex(Compare->getRHS());
  }
  if (Compare->getOpcode() != (WhenFalse ? BO_NE : BO_EQ))
    return std::nullopt;
  for (auto [Index, Value] :
       {std::pair(Compare->getLHS(), Compare->getRHS()),
        std::pair(Compare->getRHS(), Compare->getLHS())}) {
    if (!sameInBlock(*Value, Values))
      continue;
    if (std::optional<unsigned> Component = ThreadIndex(Index))
      return Component;
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

/// Whether \p E is a thread's lane in its warp where its block is
/// one-dimensional, directly or through a copy: `threadIdx.x & 31`,
/// `threadIdx.x & (warpSize - 1)`, `threadIdx.x % 32`, `threadIdx.x %
/// warpSize` (NVIDIA's advanced quicksort sample's `lane_id`).
bool isLaneIndex(const Expr &E, const ASTContext &Context,
                 const KernelValues &Values) {
  const auto *Operation = dyn_cast<BinaryOperator>(
      seenThroughCopy(&E, Values)->IgnoreParenImpCasts());
  if (!Operation)
    return false;
  auto IsX = [](const Expr *Side) { return xMemberOf(Side) == "threadIdx"; };
  auto Is = [&](const Expr *Side, unsigned Wanted) {
    Expr::EvalResult Value;
    return !Side->isValueDependent() && Side->EvaluateAsInt(Value, Context) &&
           Value.Val.getInt() == Wanted;
  };
  const Expr *Left = Operation->getLHS();
  const Expr *Right = Operation->getRHS();
  switch (Operation->getOpcode()) {
  case BO_And:
    return (IsX(Left) && Is(Right, 31)) || (Is(Left, 31) && IsX(Right));
  case BO_Rem:
    return IsX(Left) && Is(Right, 32);
  default:
    return false;
  }
}

/// Whether \p Test, when true (when false, where \p WhenFalse), leaves one
/// lane of each warp of a one-dimensional block: the lane index equal
/// (unequal) to a value the same in the whole block, or zero (not).
bool laneTested(const Expr &Test, const ASTContext &Context,
                const KernelValues &Values, bool WhenFalse) {
  const auto *Compare = dyn_cast<BinaryOperator>(Test.IgnoreParenImpCasts());
  if (!Compare)
    // `if (lane) return;`
    return WhenFalse && isLaneIndex(Test, Context, Values);
  if (Compare->getOpcode() != (WhenFalse ? BO_NE : BO_EQ))
    return false;
  return (isLaneIndex(*Compare->getLHS(), Context, Values) &&
          sameInBlock(*Compare->getRHS(), Values)) ||
         (isLaneIndex(*Compare->getRHS(), Context, Values) &&
          sameInBlock(*Compare->getLHS(), Values));
}

/// Whether \p Test, when true (when false, where \p WhenFalse), leaves
/// one thread of a block: its rank in the block equal (unequal) to a value
/// the same in the whole block.
bool rankInBlockTested(const Expr &Test, const KernelValues &Values,
                       bool WhenFalse) {
  const auto *Compare = dyn_cast<BinaryOperator>(Test.IgnoreParenImpCasts());
  if (!Compare || Compare->getOpcode() != (WhenFalse ? BO_NE : BO_EQ))
    return false;
  return (isRankInBlock(*Compare->getLHS()) &&
          sameInBlock(*Compare->getRHS(), Values)) ||
         (isRankInBlock(*Compare->getRHS()) &&
          sameInBlock(*Compare->getLHS(), Values));
}

/// What the tests that hold for a statement leave of a block's threads.
struct TestedIndices {
  /// The components of threadIdx in which one thread is left.
  bool Component[3] = {false, false, false};
  /// Whether one lane of each warp is left, in a one-dimensional block.
  bool Lane = false;
};

/// Notes in \p Tested what \p Condition, when true (when false, where
/// \p WhenFalse), leaves one thread in (singleThreadTest,
/// rankInBlockTested, laneTested): conjunct by conjunct of what it is when
/// true, and disjunct by disjunct of what it is when false (`threadIdx.x
/// != 0 || threadIdx.y != 0`).
void noteSingleThreadTests(const Expr *Condition, const ASTContext &Context,
                           const KernelValues &Values, bool WhenFalse,
                           TestedIndices &Tested) {
  const Expr *Bare = Condition->IgnoreParenImpCasts();
  const auto *Binary = dyn_cast<BinaryOperator>(Bare);
  if (Binary && Binary->getOpcode() == (WhenFalse ? BO_LOr : BO_LAnd)) {
    noteSingleThreadTests(Binary->getLHS(), Context, Values, WhenFalse, Tested);
    noteSingleThreadTests(Binary->getRHS(), Context, Values, WhenFalse, Tested);
    return;
  }
  if (const auto *Not = dyn_cast<UnaryOperator>(Bare);
      Not && Not->getOpcode() == UO_LNot) {
    noteSingleThreadTests(Not->getSubExpr(), Context, Values, !WhenFalse,
                          Tested);
    return;
  }
  if (rankInBlockTested(*Condition, Values, WhenFalse)) {
    Tested.Component[0] = Tested.Component[1] = Tested.Component[2] = true;
    return;
  }
  if (laneTested(*Condition, Context, Values, WhenFalse)) {
    Tested.Lane = true;
    return;
  }
  if (std::optional<unsigned> Component =
          singleThreadTest(*Condition, Context, Values, WhenFalse))
    Tested.Component[*Component] = true;
}

/// Whether \p S is an early exit of the threads that \p S's test holds
/// for: an `if` with no `else` whose branch is `return;` alone.
const Expr *earlyReturnTest(const Stmt &S) {
  const auto *If = dyn_cast<IfStmt>(&S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable() ||
      If->isConsteval())
    return nullptr;
  const Stmt *Then = If->getThen();
  if (const auto *Block = dyn_cast<CompoundStmt>(Then);
      Block && Block->size() == 1)
    Then = Block->body_front();
  return isa<ReturnStmt>(Then) ? If->getCond() : nullptr;
}

/// The components of threadIdx that \p Body reads.
std::array<bool, 3> readComponents(const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    std::array<bool, 3> Read = {false, false, false};
    bool VisitPseudoObjectExpr(PseudoObjectExpr *Property) {
      const std::optional<IndexMember> Member = indexMemberOf(Property);
      if (Member && Member->Variable == "threadIdx")
        Read[Member->Component] = true;
      return true;
    }
  } Find;
  Find.TraverseStmt(const_cast<Stmt *>(Body));
  return Find.Read;
}

} // namespace

OneThreadStatements oneThreadRegion(const Stmt &S,
                                    const FunctionDecl &Enclosing,
                                    ASTContext &Context, ThreadScope Scope) {
  const Stmt *Body = Enclosing.getBody();
  if (!Body)
    return {};
  const std::vector<EnclosingStatements::Holder> Holders =
      EnclosingStatements::of(*Body, Context).holding(S);
  // Each of these walks the whole body: only for a launch that a test
  // may leave to one thread (most launches have none), and once.
  std::optional<KernelValues> Values;
  auto ValuesOfBody = [&]() -> const KernelValues & {
    if (!Values)
      Values.emplace(Enclosing);
    return *Values;
  };
  std::optional<std::array<bool, 3>> Read;
  auto ReadsComponent = [&](unsigned Component) {
    if (!Read)
      Read = readComponents(Body);
    return (*Read)[Component];
  };
  TestedIndices Tested;
  auto LeavesOne = [&] {
    const bool (&C)[3] = Tested.Component;
    if (Scope == ThreadScope::Warp)
      // In a block of more dimensions, the runtime tests the block's shape.
      return C[0] || Tested.Lane;
    return C[0] && (C[1] || !ReadsComponent(1)) && (C[2] || !ReadsComponent(2));
  };
  // From the body in: the first branch, or the statements after an early
  // return, whose tests, with those around them, leave one thread.
  for (auto H = Holders.rbegin(); H != Holders.rend(); ++H) {
    if (const auto *Block = dyn_cast<CompoundStmt>(H->Outer)) {
      for (auto Statement = Block->body_begin();
           Statement != Block->body_end() && *Statement != H->Inner;
           ++Statement) {
        const Expr *ExitTest = earlyReturnTest(**Statement);
        if (!ExitTest)
          continue;
        // A jump past the exit would bring other threads after it.
        OneThreadStatements After(std::next(Statement), Block->body_end());
        if (llvm::any_of(After,
                         [](const Stmt *A) { return mayBeJumpedInto(*A); }))
          break;
        noteSingleThreadTests(ExitTest, Context, ValuesOfBody(),
                              /*WhenFalse=*/true, Tested);
        if (LeavesOne())
          return After;
      }
      continue;
    }
    const auto *If = dyn_cast<IfStmt>(H->Outer);
    if (!If || If->getThen() != H->Inner || !If->getCond())
      continue;
    noteSingleThreadTests(If->getCond(), Context, ValuesOfBody(),
                          /*WhenFalse=*/false, Tested);
    if (LeavesOne())
      return {H->Inner};
  }
  return {};
}

/// Whether only one thread of a block reaches \p Launch in \p Enclosing
/// (onlyOneThreadLaunches), perhaps many times where \p InLoops.
static bool onlyOneThreadReaches(const CUDAKernelCallExpr &Launch,
                                 const FunctionDecl &Enclosing,
                                 ASTContext &Context, bool InLoops) {
  if (!InLoops && Enclosing.getBody() &&
      EnclosingStatements::of(*Enclosing.getBody(), Context).inLoop(Launch))
    return false;
  return !oneThreadRegion(Launch, Enclosing, Context, ThreadScope::Block)
              .empty();
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
