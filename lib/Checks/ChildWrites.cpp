//===- ChildWrites.cpp - Where a kernel writes through a parameter --------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "Checks/ChildWrites.h"
#include "Checks/NamedMemory.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cdp {
namespace {

/// Calls followed into their callees, at most.
constexpr unsigned CallDepth = 3;

SourceLocation firstWrite(const FunctionDecl &Function, unsigned Index,
                          unsigned Depth);

/// The first write through a parameter or its local copies, in one body.
class WriteFinder : public RecursiveASTVisitor<WriteFinder> {
public:
  WriteFinder(const ParmVarDecl &Parameter, unsigned Depth) : Depth(Depth) {
    Pointers.insert(&Parameter);
  }

  bool VisitVarDecl(VarDecl *Var) {
    if (Var->getType()->isPointerType() && Var->getInit() &&
        reaches(*Var->getInit()))
      Pointers.insert(Var);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *Binary) {
    if (Binary->isAssignmentOp())
      noteStore(*Binary->getLHS(), Binary->getOperatorLoc());
    return !Found.isValid();
  }
  bool VisitUnaryOperator(UnaryOperator *Unary) {
    if (Unary->isIncrementDecrementOp())
      noteStore(*Unary->getSubExpr(), Unary->getOperatorLoc());
    return !Found.isValid();
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || isa<CUDAKernelCallExpr>(Call))
      return true;
    StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
    // An atomic, memcpy or memset writes its first argument.
    bool WritesFirst = Name.starts_with("atomic") || Name == "memcpy" ||
                       Name == "memset" || Name == "cudaMemcpyAsync" ||
                       Name == "cudaMemsetAsync";
    for (unsigned I = 0; I < Call->getNumArgs() && !Found.isValid(); ++I) {
      if (!reaches(*Call->getArg(I)))
        continue;
      if (WritesFirst
              ? I == 0
              : Depth > 0 && firstWrite(*Callee, I, Depth - 1).isValid())
        Found = Call->getBeginLoc();
    }
    return !Found.isValid();
  }

  SourceLocation Found;

private:
  /// Whether \p Pointer points into memory the parameter hands.
  bool reaches(const Expr &Pointer) const {
    std::optional<NamedMemory> Memory = pointeeOf(Pointer);
    return Memory && Memory->ThroughPointer && Pointers.contains(Memory->Var);
  }
  void noteStore(const Expr &Target, SourceLocation Where) {
    std::optional<NamedMemory> Memory = objectOf(Target);
    if (Memory && Memory->ThroughPointer && Pointers.contains(Memory->Var))
      Found = Where;
  }

  unsigned Depth;
  llvm::SmallPtrSet<const VarDecl *, 4> Pointers;
};

SourceLocation firstWrite(const FunctionDecl &Function, unsigned Index,
                          unsigned Depth) {
  const FunctionDecl *Definition = Function.getDefinition();
  if (!Definition || !Definition->getBody() ||
      Index >= Definition->getNumParams())
    return {};
  const ParmVarDecl &Parameter = *Definition->getParamDecl(Index);
  QualType Type = Parameter.getType();
  if (!Type->isPointerType() || Type->getPointeeType().isConstQualified())
    return {};
  WriteFinder Finder(Parameter, Depth);
  Finder.TraverseStmt(Definition->getBody());
  return Finder.Found;
}

} // namespace

SourceLocation firstWriteThrough(const FunctionDecl &Function, unsigned Index) {
  return firstWrite(Function, Index, CallDepth);
}

} // namespace cdp
