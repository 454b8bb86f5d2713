//===- ChildGridUses.cpp - What a kernel reads of its grid ----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/ChildGridUses.h"
#include "CudaAST/CooperativeGroups.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cdp {
namespace {

/// 0, 1, 2 for blockIdx, gridDim, blockDim; -1 for any other declaration.
int shapeVariable(const ValueDecl &D) {
  const auto *Var = dyn_cast<VarDecl>(&D);
  if (!Var || !Var->hasGlobalStorage() || !Var->getIdentifier())
    return -1;
  return llvm::StringSwitch<int>(Var->getName())
      .Case("blockIdx", 0)
      .Case("gridDim", 1)
      .Case("blockDim", 2)
      .Default(-1);
}

/// Barriers and warp collectives of the CUDA headers, by name.
bool isBarrier(const FunctionDecl &F) {
  if (!F.getIdentifier())
    return false;
  StringRef Name = F.getName();
  return Name.starts_with("__syncthreads") || Name == "__syncwarp" ||
         Name.starts_with("__barrier_sync") || Name.ends_with("_sync") ||
         Name.starts_with("__reduce_");
}

/// The most trips of a loop that counts from a constant to a constant for
/// it to be taken for straight-line code: the compiler unrolls it whole
/// (`for (int i = 0; i < 3; ++i)` over a Bezier curve's control points).
constexpr uint64_t MostUnrolledTrips = 16;

/// Whether \p Loop counts a variable from a constant to a constant, in at
/// most MostUnrolledTrips trips.
bool unrolledWhole(const ForStmt &Loop) {
  const auto *Init = dyn_cast_or_null<DeclStmt>(Loop.getInit());
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(Loop.getCond());
  if (!Init || !Init->isSingleDecl() || !Cond || !Cond->isComparisonOp())
    return false;
  const auto *Counter = dyn_cast<VarDecl>(Init->getSingleDecl());
  if (!Counter || !Counter->getInit())
    return false;
  const ASTContext &Context = Counter->getASTContext();
  Expr::EvalResult From, To;
  const auto *Left =
      dyn_cast<DeclRefExpr>(Cond->getLHS()->IgnoreParenImpCasts());
  if (!Left || Left->getDecl() != Counter ||
      !Counter->getInit()->EvaluateAsInt(From, Context) ||
      !Cond->getRHS()->EvaluateAsInt(To, Context))
    return false;
  const llvm::APSInt &Start = From.Val.getInt(), &End = To.Val.getInt();
  if (Start.getBitWidth() > 64 || End.getBitWidth() > 64)
    return false;
  const int64_t Span = End.getExtValue() - Start.getExtValue();
  const uint64_t Trips = Span < 0 ? uint64_t(-Span) : uint64_t(Span);
  return Trips <= MostUnrolledTrips;
}

/// Whether a function of cooperative groups reads the grid's indices or
/// shape (blockIdx, gridDim, their PTX registers, a cluster's), through
/// the functions it calls, whatever their header: `this_grid()` and
/// `thread_block::group_index()` do, `this_thread_block()`,
/// `tiled_partition()`, `coalesced_threads()` and a block's `sync()` do
/// not, and a block that uses only those behaves the same in an
/// aggregated grid. A function of the program whose body is not seen, or
/// a call through a pointer, counts as reading them. Once one reads them,
/// every later question is answered yes: ask only until then.
class GridShapeReads : public RecursiveASTVisitor<GridShapeReads> {
public:
  bool reads(const FunctionDecl &F) {
    if (Found || !Visited.insert(&F).second)
      return Found;
    if (F.getBuiltinID()) {
      StringRef Name = F.getName();
      Found = Name.contains("ctaid") || Name.contains("cluster");
      return Found;
    }
    const FunctionDecl *Definition = F.getDefinition();
    // The CUDA headers declare libdevice's math (`__nv_popc`) and the
    // device runtime's API without bodies, and neither reads the grid's
    // shape; a function of the program's own defined elsewhere may.
    if (!Definition || !Definition->getBody())
      return Found = !F.getASTContext().getSourceManager().isInSystemHeader(
                 F.getLocation());
    TraverseStmt(Definition->getBody());
    return Found;
  }

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const int Shape = shapeVariable(*Ref->getDecl());
    Found |= Shape == 0 || Shape == 1;
    return !Found;
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      reads(*Callee);
    else if (!isa<CXXPseudoDestructorExpr>(Call->getCallee()))
      Found = true; // Through a pointer: unknown.
    return !Found;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    if (const CXXConstructorDecl *Constructor = Construct->getConstructor())
      reads(*Constructor);
    return !Found;
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *Asm) {
    const std::string Assembly = Asm->getAsmString();
    StringRef Text(Assembly);
    Found |= Text.contains("%ctaid") || Text.contains("%nctaid") ||
             Text.contains("%cluster");
    return !Found;
  }

private:
  bool Found = false;
  llvm::SmallPtrSet<const FunctionDecl *, 32> Visited;
};

class UsesFinder : public RecursiveASTVisitor<UsesFinder> {
public:
  UsesFinder(ChildGridUses &Uses, const FunctionDecl &Kernel)
      : Uses(Uses), Kernel(Kernel) {}

  void visitFunction(const FunctionDecl &F) {
    if (!Visited.insert(&F).second || !F.hasBody())
      return;
    const FunctionDecl *Saved = Current;
    Current = &F;
    TraverseStmt(F.getBody());
    Current = Saved;
  }

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    int Shape = shapeVariable(*Ref->getDecl());
    if (Shape < 0)
      return true;
    if (Current == &Kernel)
      Uses.ReadsShape[Shape] = true;
    else if (Shape == 2 && !Uses.BlockDimReader)
      Uses.BlockDimReader = Current;
    else if (Shape != 2 && !Uses.ShapeReader)
      Uses.ShapeReader = Current;
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    // A launched kernel runs in its own grid, with its own indices.
    if (!Callee || isa<CUDAKernelCallExpr>(Call))
      return true;
    if (isBarrier(*Callee))
      noteBarrier(Call);
    if (inCooperativeGroups(*Callee)) {
      noteCooperativeGroups(Call, *Callee);
      return true;
    }
    // The CUDA headers' own functions read the shape only through
    // cooperative groups; their bodies are not followed.
    if (const FunctionDecl *Definition = Callee->getDefinition())
      if (!Definition->getASTContext().getSourceManager().isInSystemHeader(
              Definition->getLocation()))
        visitFunction(*Definition);
    return true;
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    if (const CXXConstructorDecl *Constructor = Construct->getConstructor())
      if (inCooperativeGroups(*Constructor))
        noteCooperativeGroups(Construct, *Constructor);
    return true;
  }

  bool VisitForStmt(ForStmt *Loop) {
    return unrolledWhole(*Loop) || noteLoop(Loop);
  }
  bool VisitWhileStmt(WhileStmt *Loop) { return noteLoop(Loop); }
  bool VisitDoStmt(DoStmt *Loop) { return noteLoop(Loop); }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *Loop) { return noteLoop(Loop); }

  bool VisitGCCAsmStmt(GCCAsmStmt *Asm) {
    const std::string Assembly = Asm->getAsmString();
    StringRef Text(Assembly);
    if (Text.contains("bar.") || Text.contains("barrier."))
      noteBarrier(Asm, /*Written=*/false);
    if (!Uses.ShapeAsm &&
        (Text.contains("%ctaid") || Text.contains("%nctaid") ||
         Text.contains("%ntid") || Text.contains("%cluster")))
      Uses.ShapeAsm = Asm;
    return true;
  }

  bool VisitVarDecl(VarDecl *Var) {
    if (Current != &Kernel && !Uses.CalleeShared &&
        Var->hasAttr<CUDASharedAttr>())
      Uses.CalleeShared = Var;
    return true;
  }

private:
  /// A barrier or warp collective at \p At; \p Written: a call of one in
  /// the kernel's own body.
  void noteBarrier(const Stmt *At, bool Written = true) {
    Uses.Barriers = true;
    if (Written && Current == &Kernel)
      Uses.KernelBarriers.push_back(cast<CallExpr>(At));
    else if (!Uses.OtherBarrier)
      Uses.OtherBarrier = At;
  }

  /// A call of cooperative groups: taken for a barrier (a group's threads
  /// work together), and for a reader of the grid's shape where it reads
  /// one; what it reads of blockDim, a block's shape kept, does not count.
  void noteCooperativeGroups(const Stmt *Call, const FunctionDecl &Callee) {
    noteBarrier(Call, /*Written=*/false);
    if (!Uses.ShapeReader && GridShape.reads(Callee))
      Uses.ShapeReader = &Callee;
  }

  bool noteLoop(const Stmt *Loop) {
    if (!Uses.Loop)
      Uses.Loop = Loop;
    return true;
  }

  ChildGridUses &Uses;
  const FunctionDecl &Kernel;
  const FunctionDecl *Current = nullptr;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Visited;
  GridShapeReads GridShape;
};

} // namespace

ChildGridUses findChildGridUses(const FunctionDecl &Kernel) {
  ChildGridUses Uses;
  UsesFinder Finder(Uses, Kernel);
  Finder.visitFunction(Kernel);
  return Uses;
}

} // namespace cdp
