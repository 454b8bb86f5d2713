//===- GridDependency.cpp - Where a kernel waits for its primary ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Pdl/GridDependency.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

#include <deque>

using namespace clang;

namespace cdp {

//===--- Which statements wait or trigger ---------------------------------===//

static StringRef runtimeFunctionOf(GridControl Control) {
  return Control == GridControl::Wait
             ? "cudaGridDependencySynchronize"
             : "cudaTriggerProgrammaticLaunchCompletion";
}

static StringRef instructionOf(GridControl Control) {
  return Control == GridControl::Wait ? "griddepcontrol.wait"
                                      : "griddepcontrol.launch_dependents";
}

static bool containsGridControl(const Stmt &S, GridControl Control,
                                unsigned Depth);

/// Whether \p F's body performs \p Control somewhere; wrappers are
/// followed a few calls deep.
static bool functionPerforms(const FunctionDecl &F, GridControl Control,
                             unsigned Depth) {
  const FunctionDecl *Definition = nullptr;
  if (Depth > 3 || !F.hasBody(Definition) || !Definition->getBody())
    return false;
  return containsGridControl(*Definition->getBody(), Control, Depth + 1);
}

static bool performsDirectly(const Stmt &S, GridControl Control,
                             unsigned Depth) {
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(&S))
    return StringRef(Asm->getAsmString()).contains(instructionOf(Control));
  const auto *Call = dyn_cast<CallExpr>(&S);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee)
    return false;
  if (Callee->getIdentifier() &&
      Callee->getName() == runtimeFunctionOf(Control))
    return true;
  return functionPerforms(*Callee, Control, Depth);
}

static bool containsGridControl(const Stmt &S, GridControl Control,
                                unsigned Depth) {
  if (performsDirectly(S, Control, Depth))
    return true;
  for (const Stmt *Child : S.children())
    if (Child && containsGridControl(*Child, Control, Depth))
      return true;
  return false;
}

bool performsGridControl(const Stmt &S, GridControl Control) {
  return performsDirectly(S, Control, 0);
}

//===--- Which expressions touch the primary's memory ---------------------===//

namespace {

class AccessClassifier {
public:
  explicit AccessClassifier(const FunctionDecl &Kernel) : Kernel(Kernel) {}

  std::optional<GlobalAccess> loadAt(const Stmt &S) const {
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(&S)) {
      if (Cast->getCastKind() == CK_LValueToRValue)
        if (const ValueDecl *Source = lvalueSource(*Cast->getSubExpr()))
          return GlobalAccess{Cast, Source};
      return std::nullopt;
    }
    if (const auto *Compound = dyn_cast<CompoundAssignOperator>(&S))
      if (const ValueDecl *Source = lvalueSource(*Compound->getLHS()))
        return GlobalAccess{Compound, Source};
    if (const auto *Unary = dyn_cast<UnaryOperator>(&S))
      if (Unary->isIncrementDecrementOp())
        if (const ValueDecl *Source = lvalueSource(*Unary->getSubExpr()))
          return GlobalAccess{Unary, Source};
    if (const auto *Call = dyn_cast<CallExpr>(&S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Callee && Callee->getIdentifier() && Call->getNumArgs() > 0 &&
          isCacheHintedLoad(Callee->getName()))
        if (const ValueDecl *Source = pointerSource(*Call->getArg(0), 0))
          return GlobalAccess{Call, Source, /*ThroughLdg=*/true};
    }
    return std::nullopt;
  }

  std::optional<GlobalAccess> storeAt(const Stmt &S) const {
    if (const auto *Binary = dyn_cast<BinaryOperator>(&S)) {
      if (Binary->isAssignmentOp())
        if (const ValueDecl *Source = lvalueSource(*Binary->getLHS()))
          return GlobalAccess{Binary, Source};
      return std::nullopt;
    }
    if (const auto *Unary = dyn_cast<UnaryOperator>(&S))
      if (Unary->isIncrementDecrementOp())
        if (const ValueDecl *Source = lvalueSource(*Unary->getSubExpr()))
          return GlobalAccess{Unary, Source};
    if (const auto *Call = dyn_cast<CallExpr>(&S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Callee && Callee->getIdentifier() && Call->getNumArgs() > 0 &&
          Callee->getName().starts_with("atomic"))
        if (const ValueDecl *Source = pointerSource(*Call->getArg(0), 0))
          return GlobalAccess{Call, Source};
    }
    return std::nullopt;
  }

private:
  static bool isCacheHintedLoad(StringRef Name) {
    for (StringRef Prefix :
         {"__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv"})
      if (Name == Prefix)
        return true;
    return false;
  }

  static bool isDeviceVariable(const VarDecl &Var) {
    return Var.hasGlobalStorage() && Var.hasAttr<CUDADeviceAttr>() &&
           !Var.hasAttr<CUDAConstantAttr>() && !Var.hasAttr<CUDASharedAttr>();
  }

  bool isKernelParameter(const ValueDecl &D) const {
    const auto *Param = dyn_cast<ParmVarDecl>(&D);
    return Param && Param->getDeclContext() == &Kernel;
  }

  /// The parameter or variable through which the object \p E names is
  /// reached, when it is global memory the primary may write.
  const ValueDecl *lvalueSource(const Expr &E) const {
    const Expr *LValue = E.IgnoreParens();
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(LValue))
      return pointerSource(*Subscript->getBase(), 0);
    if (const auto *Unary = dyn_cast<UnaryOperator>(LValue))
      return Unary->getOpcode() == UO_Deref
                 ? pointerSource(*Unary->getSubExpr(), 0)
                 : nullptr;
    if (const auto *Member = dyn_cast<MemberExpr>(LValue))
      return Member->isArrow() ? pointerSource(*Member->getBase(), 0)
                               : lvalueSource(*Member->getBase());
    if (const auto *Ref = dyn_cast<DeclRefExpr>(LValue))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
        return isDeviceVariable(*Var) ? Var : nullptr;
    return nullptr;
  }

  const ValueDecl *pointerSource(const Expr &E, unsigned Depth) const {
    if (Depth > 4)
      return nullptr;
    const Expr *Pointer = E.IgnoreParenCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Pointer)) {
      const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
      if (!Var || !Var->getType()->isPointerType())
        return nullptr;
      if (isKernelParameter(*Var) || isDeviceVariable(*Var))
        return Var;
      // A local pointer initialized from a parameter: `T *row = in + k`.
      if (Var->isLocalVarDecl() && Var->getInit())
        return pointerSource(*Var->getInit(), Depth + 1);
      return nullptr;
    }
    if (const auto *Binary = dyn_cast<BinaryOperator>(Pointer)) {
      if (!Binary->isAdditiveOp())
        return nullptr;
      const Expr *Side = Binary->getLHS()->getType()->isPointerType()
                             ? Binary->getLHS()
                             : Binary->getRHS();
      return pointerSource(*Side, Depth + 1);
    }
    if (const auto *Unary = dyn_cast<UnaryOperator>(Pointer))
      return Unary->getOpcode() == UO_AddrOf
                 ? lvalueSource(*Unary->getSubExpr())
                 : nullptr;
    // A pointer field of a by-value struct parameter: `args.out[i]`.
    if (const auto *Member = dyn_cast<MemberExpr>(Pointer)) {
      const auto *Base =
          dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts());
      if (!Member->isArrow() && Base && isKernelParameter(*Base->getDecl()))
        return Base->getDecl();
    }
    return nullptr;
  }

  const FunctionDecl &Kernel;
};

} // namespace

//===--- Paths through the CFG
//---------------------------------------------===//

struct GridDependencyAnalysis::Impl {
  Impl(const FunctionDecl &Kernel, const SourceManager &SM)
      : Classify(Kernel), SM(SM) {}

  AccessClassifier Classify;
  const SourceManager &SM;
  llvm::DenseMap<const CFGBlock *, bool> Waits, Triggers;
  /// Some path from the entry reaches the block's start without waiting.
  llvm::DenseMap<const CFGBlock *, bool> MayBeUnwaited;
  /// Some path from the entry reaches the block's start after a trigger.
  llvm::DenseMap<const CFGBlock *, bool> MayBeTriggered;

  template <class Visit>
  static void forEachStmt(const CFGBlock &Block, Visit &&V) {
    for (const CFGElement &Element : Block)
      if (std::optional<CFGStmt> S = Element.getAs<CFGStmt>())
        V(*S->getStmt());
  }

  void computeFlags(const CFG &Graph) {
    for (const CFGBlock *Block : Graph) {
      bool Wait = false, Trigger = false;
      forEachStmt(*Block, [&](const Stmt &S) {
        Wait |= performsGridControl(S, GridControl::Wait);
        Trigger |= performsGridControl(S, GridControl::LaunchDependents);
      });
      Waits[Block] = Wait;
      Triggers[Block] = Trigger;
    }
    // Both are "some path" properties: a forward may-analysis to a fixpoint.
    std::deque<const CFGBlock *> Work{&Graph.getEntry()};
    MayBeUnwaited[&Graph.getEntry()] = true;
    MayBeTriggered[&Graph.getEntry()] = false;
    llvm::DenseMap<const CFGBlock *, bool> Seen;
    while (!Work.empty()) {
      const CFGBlock *Block = Work.front();
      Work.pop_front();
      bool Unwaited = MayBeUnwaited[Block] && !Waits[Block];
      bool Triggered = MayBeTriggered[Block] || Triggers[Block];
      for (const CFGBlock *Succ : Block->succs()) {
        if (!Succ)
          continue;
        bool Changed = !Seen[Succ];
        Seen[Succ] = true;
        if (Unwaited && !MayBeUnwaited[Succ])
          Changed = MayBeUnwaited[Succ] = true;
        if (Triggered && !MayBeTriggered[Succ])
          Changed = MayBeTriggered[Succ] = true;
        if (Changed)
          Work.push_back(Succ);
      }
    }
  }

  /// Calls \p Visit(Block, S, Flag) for each statement \p S that does not
  /// itself perform \p Control, where Flag says, for the wait, whether some
  /// path reaches \p S without waiting and, for the trigger, whether some
  /// path reaches it after triggering.
  template <class VisitT>
  void walk(const CFG &Graph, GridControl Control, VisitT &&Visit) const {
    bool Wait = Control == GridControl::Wait;
    for (const CFGBlock *Block : Graph) {
      bool Flag =
          Wait ? MayBeUnwaited.lookup(Block) : MayBeTriggered.lookup(Block);
      forEachStmt(*Block, [&](const Stmt &S) {
        if (performsGridControl(S, Control))
          Flag = !Wait;
        else
          Visit(*Block, S, Flag);
      });
    }
  }

  /// A shortest path from the entry to \p Target through blocks that do
  /// not wait (\p Target itself may wait after the point of interest).
  std::optional<BodyPath> pathTo(const CFG &Graph,
                                 const CFGBlock &Target) const {
    llvm::DenseMap<const CFGBlock *, const CFGBlock *> Previous;
    std::deque<const CFGBlock *> Work{&Graph.getEntry()};
    Previous[&Graph.getEntry()] = nullptr;
    while (!Work.empty()) {
      const CFGBlock *Block = Work.front();
      Work.pop_front();
      if (Block == &Target)
        return describe(Block, Previous);
      if (Waits.lookup(Block))
        continue;
      for (const CFGBlock *Succ : Block->succs())
        if (Succ && Previous.try_emplace(Succ, Block).second)
          Work.push_back(Succ);
    }
    return std::nullopt;
  }

  BodyPath describe(const CFGBlock *Last,
                    const llvm::DenseMap<const CFGBlock *, const CFGBlock *>
                        &Previous) const {
    llvm::SmallVector<const CFGBlock *, 8> Blocks;
    for (const CFGBlock *B = Last; B; B = Previous.lookup(B))
      Blocks.push_back(B);
    std::reverse(Blocks.begin(), Blocks.end());
    BodyPath Path;
    for (size_t I = 0; I + 1 < Blocks.size(); ++I) {
      const CFGBlock *Block = Blocks[I];
      forEachStmt(*Block, [&](const Stmt &S) {
        if (isa<ReturnStmt>(S) && !Path.Return)
          Path.Return = &S;
      });
      const Stmt *Condition = Block->getTerminatorCondition();
      if (!Condition || Block->succ_size() != 2)
        continue;
      // The first successor of a two-way terminator is its true branch.
      bool Taken = *Block->succ_begin() == Blocks[I + 1];
      Path.Branches.push_back({Condition, Taken});
    }
    return Path;
  }
};

GridDependencyAnalysis::GridDependencyAnalysis(const FunctionDecl &Kernel,
                                               ASTContext &Context) {
  const FunctionDecl *Definition = nullptr;
  if (!Kernel.hasBody(Definition) || !Definition->getBody())
    return;
  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd();
  Graph = CFG::buildCFG(Definition, Definition->getBody(), &Context, Options);
  if (!Graph)
    return;
  State = std::make_unique<Impl>(*Definition, Context.getSourceManager());
  State->computeFlags(*Graph);
}

GridDependencyAnalysis::~GridDependencyAnalysis() = default;

bool GridDependencyAnalysis::performs(GridControl Control) const {
  const auto &Flags =
      Control == GridControl::Wait ? State->Waits : State->Triggers;
  for (const auto &Entry : Flags)
    if (Entry.second)
      return true;
  return false;
}

std::optional<BodyPath> GridDependencyAnalysis::pathWithoutWait() const {
  if (!State->MayBeUnwaited.lookup(&Graph->getExit()))
    return std::nullopt;
  return State->pathTo(*Graph, Graph->getExit());
}

std::optional<GridDependencyAnalysis::AccessOnPath>
GridDependencyAnalysis::firstLoadBeforeWait() const {
  std::optional<GlobalAccess> First;
  const CFGBlock *FirstBlock = nullptr;
  State->walk(*Graph, GridControl::Wait,
              [&](const CFGBlock &Block, const Stmt &S, bool Unwaited) {
                std::optional<GlobalAccess> Load = State->Classify.loadAt(S);
                if (!Unwaited || !Load)
                  return;
                if (!First || State->SM.isBeforeInTranslationUnit(
                                  Load->Access->getBeginLoc(),
                                  First->Access->getBeginLoc())) {
                  First = Load;
                  FirstBlock = &Block;
                }
              });
  if (!First)
    return std::nullopt;
  std::optional<BodyPath> Path = State->pathTo(*Graph, *FirstBlock);
  return AccessOnPath{*First, Path ? *Path : BodyPath()};
}

llvm::SmallVector<GlobalAccess, 4>
GridDependencyAnalysis::loadsAfterWait() const {
  llvm::SmallVector<GlobalAccess, 4> Loads;
  State->walk(*Graph, GridControl::Wait,
              [&](const CFGBlock &, const Stmt &S, bool Unwaited) {
                if (Unwaited)
                  return;
                if (std::optional<GlobalAccess> Load =
                        State->Classify.loadAt(S))
                  Loads.push_back(*Load);
              });
  return Loads;
}

llvm::SmallVector<GlobalAccess, 4>
GridDependencyAnalysis::storesAfterTrigger() const {
  llvm::SmallVector<GlobalAccess, 4> Stores;
  State->walk(*Graph, GridControl::LaunchDependents,
              [&](const CFGBlock &, const Stmt &S, bool Triggered) {
                if (!Triggered)
                  return;
                if (std::optional<GlobalAccess> Store =
                        State->Classify.storeAt(S))
                  Stores.push_back(*Store);
              });
  return Stores;
}

llvm::SmallVector<GlobalAccess, 8> GridDependencyAnalysis::allLoads() const {
  llvm::SmallVector<GlobalAccess, 8> Loads;
  for (const CFGBlock *Block : *Graph)
    Impl::forEachStmt(*Block, [&](const Stmt &S) {
      if (std::optional<GlobalAccess> Load = State->Classify.loadAt(S))
        Loads.push_back(*Load);
    });
  return Loads;
}

} // namespace cdp
