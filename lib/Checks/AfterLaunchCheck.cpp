//===- AfterLaunchCheck.cpp - A parent's code after its launches ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Checks/AfterLaunchCheck.h"
#include "CudaAST/BodyTokens.h"
#include "CudaAST/RuntimeCalls.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/CFGStmtMap.h"
#include "clang/Lex/Preprocessor.h"

#include <deque>
#include <optional>

using namespace clang;

namespace cdp {

namespace {

class ParentCodeFinder : public RecursiveASTVisitor<ParentCodeFinder> {
public:
  bool VisitCallExpr(CallExpr *Call) {
    if (const auto *Launch = dyn_cast<CUDAKernelCallExpr>(Call))
      Code.Launches.push_back(Launch);
    else
      addRuntimeCall(*Call);
    return true;
  }
  // Under CDP2 the device has no cudaDeviceSynchronize, and clang keeps
  // the call as an unresolved one.
  bool VisitRecoveryExpr(RecoveryExpr *Recovery) {
    addRuntimeCall(*Recovery);
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *Delete) {
    addUse(Code.Frees, Delete, pointeeOf(*Delete->getArgument()));
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      addUse(Code.Reads, Cast, objectOf(*Cast->getSubExpr()));
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *Binary) {
    if (Binary->isAssignmentOp())
      addChange(*Binary->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *Unary) {
    if (Unary->getOpcode() == UO_AddrOf || Unary->isIncrementDecrementOp())
      addChange(*Unary->getSubExpr());
    return true;
  }
  bool VisitWhileStmt(WhileStmt *Loop) { return addCondition(Loop->getCond()); }
  bool VisitDoStmt(DoStmt *Loop) { return addCondition(Loop->getCond()); }
  bool VisitForStmt(ForStmt *Loop) { return addCondition(Loop->getCond()); }
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitLambdaBody() const { return false; }

  ParentCode Code;
  llvm::SmallVector<const Expr *, 2> LoopConditions;

private:
  void addRuntimeCall(const Expr &E) {
    std::optional<RuntimeCall> Call = asRuntimeCall(E);
    if (!Call)
      return;
    if (Call->Name == DeviceSynchronizeName)
      Code.Waits.push_back(Call->Call);
    else if ((Call->Name == "free" || Call->Name == "cudaFree") &&
             Call->Resolved && Call->Args.size() == 1)
      addUse(Code.Frees, Call->Call, pointeeOf(*Call->Args.front()));
  }
  static void addUse(llvm::SmallVectorImpl<ParentUse> &Uses, const Expr *Where,
                     std::optional<NamedMemory> Memory) {
    if (Memory && Memory->ThroughPointer)
      Uses.push_back({Where, *Memory});
  }
  void addChange(const Expr &Target) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Target.IgnoreParenImpCasts()))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        Code.Changes.push_back({Var, Ref->getBeginLoc()});
  }
  bool addCondition(const Expr *Condition) {
    if (Condition)
      LoopConditions.push_back(Condition);
    return true;
  }
};

} // namespace

/// Whether control can reach one statement after another in a body.
class AfterLaunchCheck::Reachability {
public:
  Reachability(const FunctionDecl &F, ASTContext &Context)
      : Parents(F.getBody()) {
    CFG::BuildOptions Options;
    Graph = CFG::buildCFG(&F, F.getBody(), &Context, Options);
    if (Graph)
      Blocks.emplace(*Graph, Parents);
  }

  /// True when unsure: a body without a CFG, or a statement outside it.
  bool mayFollow(const Stmt &From, const Stmt &To) {
    if (!Blocks)
      return true;
    const CFGBlock *Start = Blocks->getBlock(&From);
    const CFGBlock *Goal = Blocks->getBlock(&To);
    if (!Start || !Goal || Start == Goal)
      return true; // One block runs in order; the caller checked the order.
    llvm::DenseSet<const CFGBlock *> Seen{Start};
    std::deque<const CFGBlock *> Work{Start};
    while (!Work.empty()) {
      const CFGBlock *Block = Work.front();
      Work.pop_front();
      for (const CFGBlock *Next : Block->succs()) {
        if (Next == Goal)
          return true;
        if (Next && Seen.insert(Next).second)
          Work.push_back(Next);
      }
    }
    return false;
  }

private:
  ParentMap Parents;
  std::unique_ptr<CFG> Graph;
  std::optional<CFGStmtMap> Blocks;
};

AfterLaunchCheck::AfterLaunchCheck(StringRef Name, CheckContext &Context)
    : LaunchCheck(Name, Context) {}

AfterLaunchCheck::~AfterLaunchCheck() = default;

/// The function whose code the checks read for \p F: \p F, or for a
/// template, its first instance, where the launch names its kernel and
/// reads of memory are reads (the pattern of `out[0]` with `T *out` is
/// neither); what the instance reports is written in the pattern.
static const FunctionDecl &analyzedFunction(const FunctionDecl &F) {
  if (const FunctionTemplateDecl *Template = F.getDescribedFunctionTemplate())
    for (const FunctionDecl *Instance : Template->specializations())
      if (Instance->isTemplateInstantiation() && Instance->getBody())
        return *Instance;
  return F;
}

void AfterLaunchCheck::checkLaunch(const CUDAKernelCallExpr &,
                                   const CodeSite &Site) {
  if (!Site.Function || !Site.Function->getBody())
    return;
  const FunctionDecl *Pattern =
      Site.Function->getTemplateInstantiationPattern();
  if (!Checked.insert(Pattern ? Pattern : Site.Function).second)
    return;
  const FunctionDecl &Analyzed =
      analyzedFunction(Pattern ? *Pattern : *Site.Function);
  ParentCodeFinder Finder;
  Finder.TraverseStmt(Analyzed.getBody());
  // A loop that waits for its child is cdp-spin-on-child's.
  llvm::erase_if(Finder.Code.Reads, [&](const ParentUse &Read) {
    return llvm::any_of(Finder.LoopConditions, [&](const Expr *Condition) {
      return !before(Read.Where->getBeginLoc(), Condition->getBeginLoc()) &&
             !before(Condition->getEndLoc(), Read.Where->getBeginLoc());
    });
  });
  Parent = &Analyzed;
  Code = &Finder.Code;
  Paths.reset();
  checkParent(Analyzed, Finder.Code);
  Code = nullptr;
  Paths.reset();
}

bool AfterLaunchCheck::before(SourceLocation A, SourceLocation B) const {
  const SourceManager &SM = Context.sourceManager();
  return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                      SM.getExpansionLoc(B));
}

const CUDAKernelCallExpr *AfterLaunchCheck::launchRunningAt(
    const ParentUse &Use,
    llvm::function_ref<bool(const CUDAKernelCallExpr &)> Hands) {
  const CUDAKernelCallExpr *Found = nullptr;
  for (const CUDAKernelCallExpr *Launch : Code->Launches)
    if (before(Launch->getEndLoc(), Use.Where->getBeginLoc()) && Hands(*Launch))
      Found = Launch;
  if (!Found)
    return nullptr;
  auto Between = [&](SourceLocation Loc) {
    return before(Found->getEndLoc(), Loc) &&
           before(Loc, Use.Where->getBeginLoc());
  };
  for (const Expr *Wait : Code->Waits)
    if (Between(Wait->getBeginLoc()))
      return nullptr;
  for (const auto &[Var, Loc] : Code->Changes)
    if (Var == Use.Memory.Var && Between(Loc))
      return nullptr;
  if (!Paths)
    Paths = std::make_unique<Reachability>(*Parent, Context.ast());
  return Paths->mayFollow(*Found, *Use.Where) ? Found : nullptr;
}

void AfterLaunchCheck::noteRemovedWait(const CUDAKernelCallExpr &Launch,
                                       const ParentUse &Use) {
  const SourceManager &SM = Context.sourceManager();
  Preprocessor &PP = Context.preprocessor();
  bool Noted = false;
  forEachMentionWithOpeners(
      *Parent, {DeviceSynchronizeName}, SM, Context.ast().getLangOpts(),
      [&](const Token &Mention, ArrayRef<StringRef> Openers) {
        SourceLocation Loc = Mention.getLocation();
        if (Noted || !before(Launch.getEndLoc(), Loc) ||
            !before(Loc, Use.Where->getBeginLoc()))
          return;
        Noted = true;
        for (StringRef Opener : Openers) {
          const MacroInfo *Macro =
              PP.getMacroInfo(PP.getIdentifierInfo(Opener));
          if (!Macro || !Macro->isFunctionLike())
            continue;
          note(Loc, "this cudaDeviceSynchronize() is not compiled: '%0' "
                    "expands without its argument%select{| when NDEBUG is "
                    "defined, as it is here}1")
              << Opener << (Opener == "assert" && PP.isMacroDefined("NDEBUG"));
          return;
        }
        note(Loc, "this cudaDeviceSynchronize() is not compiled: the "
                  "preprocessor skips it");
      });
}

} // namespace cdp
