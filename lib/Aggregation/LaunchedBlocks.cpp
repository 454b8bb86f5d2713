//===- LaunchedBlocks.cpp - The blocks each kernel is launched in ---------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchedBlocks.h"
#include "Aggregation/LaunchAggregation.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

#include <algorithm>

using namespace clang;

namespace cdp {

std::optional<std::uint64_t> constantExtent(const Expr &Operand,
                                            const ASTContext &Context) {
  const Expr *Written = Operand.IgnoreUnlessSpelledInSource();
  if (Written->isValueDependent())
    return std::nullopt;
  Expr::EvalResult Value;
  if (Written->getType()->isIntegralOrEnumerationType())
    return Written->EvaluateAsInt(Value, Context) &&
                   !Value.Val.getInt().isNegative()
               ? std::optional(Value.Val.getInt().getZExtValue())
               : std::nullopt;
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(Written))
    Written = Cast->getSubExpr()->IgnoreImplicit();
  const auto *Construct = dyn_cast<CXXConstructExpr>(Written);
  if (!Construct || Construct->getNumArgs() == 0)
    return std::nullopt;
  std::uint64_t Extent = 1;
  for (const Expr *Dimension : Construct->arguments()) {
    if (!Dimension->EvaluateAsInt(Value, Context) ||
        Value.Val.getInt().isNegative())
      return std::nullopt;
    Extent *= Value.Val.getInt().getZExtValue();
  }
  return Extent;
}

std::optional<std::uint64_t>
constantBlockThreads(const CUDAKernelCallExpr &Launch,
                     const ASTContext &Context) {
  const Expr *Block = configOperand(Launch, 1);
  return Block ? constantExtent(*Block, Context) : std::nullopt;
}

std::optional<std::uint64_t> constantThreads(const CUDAKernelCallExpr &Launch,
                                             const ASTContext &Context) {
  const Expr *Grid = configOperand(Launch, 0);
  const std::optional<std::uint64_t> Blocks =
      Grid ? constantExtent(*Grid, Context) : std::nullopt;
  const std::optional<std::uint64_t> Threads =
      constantBlockThreads(Launch, Context);
  if (!Blocks || !Threads)
    return std::nullopt;
  return *Blocks * *Threads;
}

namespace {

/// Every launch and every other use of a kernel's name.
class KernelUses : public RecursiveASTVisitor<KernelUses> {
public:
  KernelUses(
      ASTContext &Context,
      llvm::DenseMap<const FunctionDecl *, LaunchedBlocks::Largest> &Kernels)
      : Context(Context), Kernels(Kernels) {}

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Launch) {
    const FunctionDecl *Kernel = Launch->getDirectCallee();
    if (!Kernel)
      return true;
    Callees.insert(Launch->getCallee()->IgnoreParenImpCasts());
    // configOperand, not the configuration call's first arguments: on the
    // device that call is cudaLaunchDevice(0, 0, grid, block, ...).
    note(*Kernel, {constantBlockThreads(*Launch, Context),
                   constantThreads(*Launch, Context)});
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *Kernel = dyn_cast<FunctionDecl>(Ref->getDecl());
    if (Kernel && Kernel->hasAttr<CUDAGlobalAttr>() && !Callees.contains(Ref))
      note(*Kernel, {});
    return true;
  }
  // A launch is visited before its callee's DeclRefExpr.
  bool shouldTraversePostOrder() const { return false; }
  bool shouldVisitTemplateInstantiations() const { return true; }

private:
  static void largest(std::optional<std::uint64_t> &Known,
                      std::optional<std::uint64_t> Other) {
    if (!Known || !Other)
      Known = std::nullopt;
    else
      Known = std::max(*Known, *Other);
  }
  void note(const FunctionDecl &Kernel, LaunchedBlocks::Largest Shape) {
    // A kernel template's launches, written once, serve all its
    // instances: the template's shape is the largest of theirs.
    if (const FunctionDecl *Pattern = Kernel.getTemplateInstantiationPattern())
      note(*Pattern, Shape);
    auto [It, New] = Kernels.try_emplace(Kernel.getCanonicalDecl(), Shape);
    if (New)
      return;
    largest(It->second.Block, Shape.Block);
    largest(It->second.Threads, Shape.Threads);
  }

  ASTContext &Context;
  llvm::DenseMap<const FunctionDecl *, LaunchedBlocks::Largest> &Kernels;
  /// The callees of the launches seen: uses of a kernel's name that are
  /// launches.
  llvm::DenseSet<const Expr *> Callees;
};

} // namespace

LaunchedBlocks::LaunchedBlocks(ASTContext &Context) {
  KernelUses Uses(Context, Kernels);
  Uses.TraverseDecl(Context.getTranslationUnitDecl());
}

const LaunchedBlocks::Largest *
LaunchedBlocks::find(const FunctionDecl &Kernel) const {
  auto It = Kernels.find(Kernel.getCanonicalDecl());
  return It == Kernels.end() ? nullptr : &It->second;
}

std::optional<unsigned>
LaunchedBlocks::lanesOf(const FunctionDecl &Kernel) const {
  const Largest *Found = find(Kernel);
  if (!Found || !Found->Block || *Found->Block == 0)
    return std::nullopt;
  return static_cast<unsigned>(std::min<std::uint64_t>(*Found->Block, 32));
}

std::optional<std::uint64_t>
LaunchedBlocks::gridThreadsOf(const FunctionDecl &Kernel) const {
  const Largest *Found = find(Kernel);
  if (!Found || !Found->Threads || *Found->Threads == 0)
    return std::nullopt;
  return Found->Threads;
}

} // namespace cdp
