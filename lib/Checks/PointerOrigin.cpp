//===- PointerOrigin.cpp - Which memory a pointer expression points to ---===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Checks/PointerOrigin.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cdp {

/// Chains of pointer copies longer than this are not followed (and a cycle
/// such as `p = p + 1` ends here too).
static constexpr unsigned MaxDepth = 16;

namespace {
class StoreCollector : public RecursiveASTVisitor<StoreCollector> {
public:
  explicit StoreCollector(
      llvm::function_ref<void(const Expr &, const Expr &)> OnStore,
      llvm::function_ref<void(const VarDecl &)> OnInit)
      : OnStore(OnStore), OnInit(OnInit) {}
  bool VisitBinaryOperator(BinaryOperator *Op) {
    if (Op->getOpcode() == BO_Assign)
      OnStore(*Op->getLHS(), *Op->getRHS());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Op) {
    if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
      OnStore(*Op->getArg(0), *Op->getArg(1));
    return true;
  }
  bool VisitVarDecl(VarDecl *Var) {
    OnInit(*Var);
    return true;
  }

private:
  llvm::function_ref<void(const Expr &, const Expr &)> OnStore;
  llvm::function_ref<void(const VarDecl &)> OnInit;
};
} // namespace

static bool isLocalVariable(const VarDecl &Var) {
  return Var.hasLocalStorage() && !isa<ParmVarDecl>(Var);
}

PointerOriginAnalysis::PointerOriginAnalysis(const Stmt &Body,
                                             ASTContext &Context)
    : Context(Context) {
  auto OnStore = [this](const Expr &Target, const Expr &Value) {
    recordStore(Target, Value);
  };
  auto OnInit = [this](const VarDecl &Var) { recordInit(Var); };
  StoreCollector Collector(OnStore, OnInit);
  Collector.TraverseStmt(const_cast<Stmt *>(&Body));
}

std::optional<PointerOriginAnalysis::Slot>
PointerOriginAnalysis::slotOf(const Expr &Target) const {
  const Expr *E = Target.IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (Var && isLocalVariable(*Var))
      return Slot{Var, nullptr};
    return std::nullopt;
  }
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    if (!Field || Member->isArrow())
      return std::nullopt;
    std::optional<Slot> Base = slotOf(*Member->getBase());
    if (Base && !Base->second)
      return Slot{Base->first, Field};
  }
  return std::nullopt;
}

void PointerOriginAnalysis::recordStore(const Expr &Target, const Expr &Value) {
  if (std::optional<Slot> S = slotOf(Target))
    Stores[*S].push_back(&Value);
}

void PointerOriginAnalysis::recordInit(const VarDecl &Var) {
  const Expr *Init = Var.getInit();
  if (!Init || !isLocalVariable(Var))
    return;
  Init = Init->IgnoreParenImpCasts();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Init))
    if (Construct->getNumArgs() == 1) // A copy: `T p = q;` of a class type.
      Init = Construct->getArg(0)->IgnoreParenImpCasts();
  Stores[{&Var, nullptr}].push_back(Init);
  const auto *List = dyn_cast<InitListExpr>(Init);
  const RecordDecl *Record = Var.getType()->getAsRecordDecl();
  if (!List || !Record)
    return;
  unsigned Index = 0;
  for (const FieldDecl *Field : Record->fields()) {
    if (Index >= List->getNumInits())
      break;
    Stores[{&Var, Field}].push_back(List->getInit(Index++));
  }
}

std::optional<PointerOrigin>
PointerOriginAnalysis::originOfSlot(Slot S, SourceLocation Use,
                                    unsigned Depth) const {
  if (Depth > MaxDepth)
    return std::nullopt;
  const SourceManager &SM = Context.getSourceManager();
  auto StoredBefore = [&](Slot Key) {
    llvm::SmallVector<const Expr *, 2> Values;
    auto It = Stores.find(Key);
    if (It != Stores.end())
      for (const Expr *Value : It->second)
        if (SM.isBeforeInTranslationUnit(Value->getBeginLoc(), Use))
          Values.push_back(Value);
    return Values;
  };
  for (const Expr *Value : StoredBefore(S))
    if (auto Origin = originOf(*Value, Use, Depth + 1))
      return Origin;
  if (!S.second)
    return std::nullopt;
  // The whole struct was copied from another local struct (`T t = s;` or
  // `t = s;`): the field holds what the same field of the source held.
  for (const Expr *Value : StoredBefore({S.first, nullptr})) {
    std::optional<Slot> Source = slotOf(*Value);
    if (Source && !Source->second && Source->first != S.first)
      if (auto Origin = originOfSlot({Source->first, S.second}, Use, Depth + 1))
        return Origin;
  }
  return std::nullopt;
}

std::optional<PointerOrigin>
PointerOriginAnalysis::originOf(const Expr &Pointer, SourceLocation Use) const {
  return originOf(Pointer, Use, 0);
}

std::optional<PointerOrigin>
PointerOriginAnalysis::originOf(const Expr &Pointer, SourceLocation Use,
                                unsigned Depth) const {
  if (Depth > MaxDepth)
    return std::nullopt;
  const Expr *E = Pointer.IgnoreParenCasts();
  if (const auto *Op = dyn_cast<UnaryOperator>(E)) {
    if (Op->getOpcode() == UO_AddrOf)
      return objectOf(*Op->getSubExpr(), Use, Depth);
    if (Op->isIncrementDecrementOp())
      return originOf(*Op->getSubExpr(), Use, Depth + 1);
    return std::nullopt;
  }
  if (const auto *Op = dyn_cast<BinaryOperator>(E)) {
    // `q = p` and `a, p` have p's origin; `p + n`, `n + p`, `p += n` keep
    // the origin of their pointer operand.
    if (Op->getOpcode() == BO_Assign || Op->getOpcode() == BO_Comma)
      return originOf(*Op->getRHS(), Use, Depth + 1);
    if (!Op->isAdditiveOp() && !Op->isCompoundAssignmentOp())
      return std::nullopt;
    QualType LHSType = Op->getLHS()->getType();
    bool PointerOnLeft = LHSType->isPointerType() || LHSType->isArrayType();
    return originOf(PointerOnLeft ? *Op->getLHS() : *Op->getRHS(), Use,
                    Depth + 1);
  }
  if (const auto *Choice = dyn_cast<AbstractConditionalOperator>(E)) {
    if (auto Origin = originOf(*Choice->getTrueExpr(), Use, Depth + 1))
      return Origin;
    return originOf(*Choice->getFalseExpr(), Use, Depth + 1);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    // make_cudaPitchedPtr(ptr, ...) carries ptr into a cudaPitchedPtr.
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Callee->getIdentifier() &&
        Callee->getName() == "make_cudaPitchedPtr" && Call->getNumArgs() > 0)
      return originOf(*Call->getArg(0), Use, Depth + 1);
    return std::nullopt;
  }
  // A struct built in place (`cudaPitchedPtr{local, ...}`) carries the
  // pointers it is built from.
  if (const auto *List = dyn_cast<InitListExpr>(E)) {
    for (const Expr *Init : List->inits())
      if (auto Origin = originOf(*Init, Use, Depth + 1))
        return Origin;
    return std::nullopt;
  }
  // An array (a variable or a member of a local struct) that decays.
  if (E->getType()->isArrayType())
    return objectOf(*E, Use, Depth);
  if (std::optional<Slot> S = slotOf(*E))
    return originOfSlot(*S, Use, Depth);
  return std::nullopt;
}

std::optional<PointerOrigin>
PointerOriginAnalysis::objectOf(const Expr &LValue, SourceLocation Use,
                                unsigned Depth) const {
  const Expr *E = LValue.IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (!Var)
      return std::nullopt;
    if (Var->hasAttr<CUDASharedAttr>())
      return PointerOrigin{MemorySpace::Shared, Var};
    if (Var->getType()->isReferenceType())
      return Var->getInit() ? objectOf(*Var->getInit(), Use, Depth + 1)
                            : std::nullopt;
    // Locals and by-value parameters both live in the thread's local memory
    // (or registers, which a child cannot see either).
    if (Var->hasLocalStorage())
      return PointerOrigin{MemorySpace::Local, Var};
    return std::nullopt;
  }
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    if (Member->isArrow())
      return originOf(*Member->getBase(), Use, Depth + 1);
    return objectOf(*Member->getBase(), Use, Depth + 1);
  }
  if (const auto *Element = dyn_cast<ArraySubscriptExpr>(E)) {
    const Expr *Base = Element->getBase()->IgnoreParenImpCasts();
    if (Base->getType()->isArrayType())
      return objectOf(*Base, Use, Depth + 1);
    return originOf(*Element->getBase(), Use, Depth + 1);
  }
  if (const auto *Op = dyn_cast<UnaryOperator>(E))
    if (Op->getOpcode() == UO_Deref)
      return originOf(*Op->getSubExpr(), Use, Depth + 1);
  return std::nullopt;
}

llvm::SmallVector<PointerOriginAnalysis::FieldOrigin, 2>
PointerOriginAnalysis::fieldOriginsOf(const Expr &Record,
                                      SourceLocation Use) const {
  llvm::SmallVector<FieldOrigin, 2> Result;
  // Through copies and temporaries: `Span{p, n}`, `Span(s)`.
  const Expr *E = Record.IgnoreParenCasts();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    if (Construct->getNumArgs() == 1)
      E = Construct->getArg(0)->IgnoreParenCasts();
  const RecordDecl *Decl = E->getType()->getAsRecordDecl();
  if (!Decl)
    return Result;
  if (const auto *List = dyn_cast<InitListExpr>(E)) {
    unsigned Index = 0;
    for (const FieldDecl *Field : Decl->fields()) {
      if (Index >= List->getNumInits())
        break;
      if (auto Origin = originOf(*List->getInit(Index++), Use, 1))
        Result.push_back({Field, *Origin});
    }
    return Result;
  }
  std::optional<Slot> Var = slotOf(*E);
  if (!Var || Var->second)
    return Result;
  for (const FieldDecl *Field : Decl->fields())
    if (auto Origin = originOfSlot({Var->first, Field}, Use, 1))
      Result.push_back({Field, *Origin});
  return Result;
}

} // namespace cdp
