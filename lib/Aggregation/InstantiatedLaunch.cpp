//===- InstantiatedLaunch.cpp - What a template's launch launches ---------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/InstantiatedLaunch.h"

#include "Lowering/KernelDeduction.h"
#include "Lowering/KernelSignature.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace cdp {
namespace {

llvm::Error why(const llvm::Twine &Reason) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Reason);
}

/// Whether \p A and \p B are one kernel, or instances of one template.
bool sameKernel(const FunctionDecl &A, const FunctionDecl &B) {
  if (A.getCanonicalDecl() == B.getCanonicalDecl())
    return true;
  const FunctionTemplateDecl *Template = A.getPrimaryTemplate();
  const FunctionTemplateDecl *Other = B.getPrimaryTemplate();
  return Template && Other &&
         Template->getCanonicalDecl() == Other->getCanonicalDecl();
}

/// Whether every parameter of \p Params from the \p First on has a
/// default, and none is a pack.
bool allDefaultedAfter(const TemplateParameterList &Params, unsigned First) {
  for (unsigned I = First; I < Params.size(); ++I)
    if (Params.getParam(I)->isTemplateParameterPack() ||
        !hasDefaultArgument(*Params.getParam(I)))
      return false;
  return true;
}

} // namespace

llvm::Expected<KernelOfInstances>
kernelOfInstances(const CUDAKernelCallExpr &Launch,
                  const FunctionDecl &Enclosing,
                  llvm::ArrayRef<const CUDAKernelCallExpr *> Instances,
                  const ASTContext &Context) {
  const std::string Enclosed = "'" + Enclosing.getNameAsString() + "'";
  // A function template, or a member of a class template (dragon_li's
  // BFS launches from `BfsCdpDevice<Settings>::bfsCdpCtaExpand`): its
  // pattern is written once for all its instances.
  if (!Enclosing.isTemplated())
    return why("it is in a template, and which kernel it launches depends on "
               "the template's parameters; cdp-lower copies only a kernel "
               "that the launch resolves to where it is written, or that "
               "the instances of a templated function launch");
  if (Instances.empty())
    return why("it is in a template, and which kernel it launches depends on "
               "the template's parameters; this file makes no instance of " +
               Enclosed + " that says which");
  KernelOfInstances Result;
  for (const CUDAKernelCallExpr *Instance : Instances) {
    const FunctionDecl *Kernel = Instance->getDirectCallee();
    if (!Kernel)
      return why("in an instance of " + Enclosed +
                 " it launches through a pointer to a kernel, whose body "
                 "cdp-lower cannot copy");
    if (!Result.Kernels.empty() &&
        !sameKernel(*Result.Kernels.front(), *Kernel))
      return why("the instances of " + Enclosed +
                 " launch different kernels here, and one copy of a kernel "
                 "stands for one");
    Result.Kernels.push_back(Kernel);
  }
  // The copy is named as the launch names the kernel: a name that stands
  // for one kernel, or one template with its arguments spelled.
  const auto *Callee =
      dyn_cast<UnresolvedLookupExpr>(Launch.getCallee()->IgnoreImplicit());
  if (!Callee || Callee->getNumDecls() != 1)
    return why("the instances of " + Enclosed +
               " name the kernel through an overload set or a dependent "
               "scope, which its copy could not be named by");
  const FunctionTemplateDecl *Template =
      Result.Kernels.front()->getPrimaryTemplate();
  // Arguments written, or left to their defaults: the copy's name is the
  // launch's.
  if (!Template ||
      Callee->getNumTemplateArgs() >= Template->getTemplateParameters()->size())
    return Result;
  if (Callee->hasExplicitTemplateArgs() &&
      allDefaultedAfter(*Template->getTemplateParameters(),
                        Callee->getNumTemplateArgs()))
    return Result;
  std::optional<DeducedKernel> Deduced =
      deduceDependentKernel(Launch, *Callee, Instances, Context);
  // Written arguments followed by deduced ones would be spelled twice.
  if (!Deduced || (Deduced->DeducedAny && Callee->hasExplicitTemplateArgs())) {
    for (const FunctionDecl *Kernel : Result.Kernels)
      if (instantiatedWithUnwritableType(*Kernel, Context))
        return why("in an instance of " + Enclosed + ", '" +
                   Template->getNameAsString() +
                   "' is instantiated with a lambda's type (or an unnamed "
                   "class's), which the copy's name cannot write out");
    return why("cdp-lower cannot spell the template arguments of '" +
               Template->getNameAsString() +
               "' that the launch leaves to "
               "deduction, which the copy's name needs; write "
               "them out ('" +
               Template->getNameAsString() + "<...><<<...>>>')");
  }
  if (Deduced->DeducedAny)
    Result.DeducedArgs = Deduced->Arguments;
  return Result;
}

llvm::SmallVector<const FunctionDecl *, 2>
launchedKernels(const CUDAKernelCallExpr &Launch,
                llvm::ArrayRef<const CUDAKernelCallExpr *> Instances) {
  llvm::SmallVector<const FunctionDecl *, 2> Kernels;
  if (const FunctionDecl *Named = Launch.getDirectCallee()) {
    Kernels.push_back(Named);
    return Kernels;
  }
  for (const CUDAKernelCallExpr *Instance : Instances)
    if (const FunctionDecl *Kernel = Instance->getDirectCallee())
      if (!llvm::is_contained(Kernels, Kernel))
        Kernels.push_back(Kernel);
  return Kernels;
}

} // namespace cdp
