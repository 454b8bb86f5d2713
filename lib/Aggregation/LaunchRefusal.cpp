//===- LaunchRefusal.cpp - Why a transform leaves a launch alone ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchRefusal.h"

#include "Aggregation/InstantiatedLaunch.h"
#include "CudaAST/ExecutionSide.h"
#include "CudaAST/KernelFriends.h"
#include "CudaAST/KernelName.h"
#include "Lowering/KernelSignature.h"
#include "Lowering/TrivialCopy.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cdp {
namespace {

/// Why the copies of the instance \p Definition of a template cannot be
/// templates as it is (`template <class Value>`); nothing when they can.
std::optional<std::string>
whyNotCopyableTemplate(const FunctionDecl &Definition) {
  if (Definition.getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
    return std::string("specialized explicitly");
  const FunctionDecl *Pattern = Definition.getTemplateInstantiationPattern();
  const FunctionTemplateDecl *Template =
      Pattern ? Pattern->getDescribedFunctionTemplate() : nullptr;
  if (!Template || !Pattern->getDeclContext()->isFileContext())
    return std::string("member of a class");
  for (const NamedDecl *Parameter : *Template->getTemplateParameters())
    if (const auto *Type = dyn_cast<TemplateTypeParmDecl>(Parameter);
        (Type && Type->hasDefaultArgument()) ||
        (isa<NonTypeTemplateParmDecl>(Parameter) &&
         cast<NonTypeTemplateParmDecl>(Parameter)->hasDefaultArgument()) ||
        (isa<TemplateTemplateParmDecl>(Parameter) &&
         cast<TemplateTemplateParmDecl>(Parameter)->hasDefaultArgument()))
      return "whose parameter '" + Parameter->getNameAsString() +
             "' has a default";
  return std::nullopt;
}

} // namespace

const FunctionDecl *LaunchRefusal::copyableChild(StringRef Copy,
                                                 StringRef Transform,
                                                 bool Templates) {
  std::optional<std::string> Why = whyNotCopyable(Copy, Transform, Templates);
  if (Why) {
    decline(*Why);
    return nullptr;
  }
  return Kernel->getDefinition();
}

void LaunchRefusal::takeKernelOfInstances(
    ArrayRef<const CUDAKernelCallExpr *> Instances) {
  if (Kernel || !Launch.isInstantiationDependent())
    return;
  llvm::Expected<KernelOfInstances> Launched =
      kernelOfInstances(Launch, Enclosing, Instances, Context);
  if (!Launched) {
    WhyNoInstanceKernel = llvm::toString(Launched.takeError());
    return;
  }
  InstanceKernels = std::move(Launched->Kernels);
  DeducedArgs = std::move(Launched->DeducedArgs);
  Kernel = InstanceKernels.front();
}

bool LaunchRefusal::ofEveryLaunchedKernel(llvm::function_ref<bool()> Check) {
  const FunctionDecl *First = Kernel;
  llvm::SmallPtrSet<const FunctionDecl *, 4> Checked{First};
  for (const FunctionDecl *Other : InstanceKernels) {
    if (!Checked.insert(Other).second)
      continue;
    Kernel = Other;
    const bool Holds = Check();
    Kernel = First;
    if (!Holds)
      return false;
  }
  return Check();
}

std::string LaunchRefusal::kernelAsNamed() const {
  return quotedLaunchedKernel(
      Launch, InstanceKernels.empty() ? Kernel : nullptr, Context);
}

std::optional<LaunchAsCall> LaunchRefusal::launchAsCall() const {
  std::optional<LaunchAsCall> Call =
      locateLaunchAsCall(Launch, *Kernel, Context, EditsOf);
  if (Call && !InstanceKernels.empty())
    Call->DeducedArgs = DeducedArgs;
  return Call;
}

std::string LaunchRefusal::whyNoKernel() const {
  if (!WhyNoInstanceKernel.empty())
    return WhyNoInstanceKernel;
  // In a template's pattern a kernel template launched with arguments of
  // the template's types stays an unresolved name until instantiation
  // (the lowering sees only the pattern).
  if (Launch.isInstantiationDependent())
    return "it is in a template, and which kernel it launches depends on "
           "the template's parameters; cdp-lower copies only a kernel that "
           "the launch resolves to where it is written";
  return "it launches through a pointer to a kernel, whose body cdp-lower "
         "cannot copy";
}

std::optional<std::string> LaunchRefusal::whyNotCopyable(StringRef Copy,
                                                         StringRef Transform,
                                                         bool Templates) const {
  if (!Kernel)
    return whyNoKernel();
  const std::string KernelName = kernelAsNamed();
  if (executionSideOf(Enclosing) == LaunchSide::HostDevice)
    return "it is in a __host__ __device__ function";
  const FunctionDecl *Definition = Kernel->getDefinition();
  if (!Definition || !Definition->getLocation().isFileID() ||
      !EditsOf(SM.getFileID(Definition->getLocation())))
    return "the body of " + KernelName +
           " is not in a file that cdp-lower lowers, and the " + Copy.str() +
           " is a copy of it";
  if (Definition->isTemplated() || Definition->isTemplateInstantiation()) {
    if (!Templates)
      return KernelName + " is a template, which " + Transform.str() +
             " does not handle yet";
    if (std::optional<std::string> Why = whyNotCopyableTemplate(*Definition))
      return KernelName + " is a template " + *Why + ", which " +
             Transform.str() + " does not handle";
  }
  if (Definition->getDeclContext() != Definition->getLexicalDeclContext())
    return KernelName + " is defined outside its namespace, where its " +
           Copy.str() + " could not be named as it";
  // The copy is a static function, which a class cannot befriend before
  // its declaration, as the aggregated kernel is befriended.
  const FunctionDecl *Written = Definition->getTemplateInstantiationPattern();
  const auto Friends =
      friendDeclarationsOf(Written ? *Written : *Definition, SM);
  if (!Friends.empty())
    return KernelName + " is a friend of '" +
           cast<NamedDecl>(Friends.front()->getLexicalDeclContext())
               ->getNameAsString() +
           "', whose private members its " + Copy.str() + " could not reach";
  return whyParameterNotPassedOn(*Definition);
}

std::optional<std::string>
LaunchRefusal::whyParameterNotPassedOn(const FunctionDecl &Definition) const {
  // The copies are written from the template as written, where a pack is
  // one parameter; an instance has it expanded.
  const FunctionDecl *Written = Definition.getTemplateInstantiationPattern();
  for (const ParmVarDecl *Param :
       (Written ? *Written : Definition).parameters())
    if (Param->isParameterPack())
      return kernelAsNamed() + " takes a function parameter pack ('" +
             Param->getNameAsString() +
             "'), which the copies of a child do not pass on yet";
  for (const ParmVarDecl *Param : Definition.parameters()) {
    const std::string Named =
        Param->getName().empty()
            ? std::string("a parameter")
            : "parameter '" + Param->getNameAsString() + "'";
    if (nonTrivialCopyOf(Param->getType()))
      return kernelAsNamed() + " takes " + Named +
             " of a type whose copy is not trivial, which no device-side "
             "launch may pass";
  }
  return std::nullopt;
}

std::optional<std::string>
LaunchRefusal::whyCopyUnnamable(StringRef Copy) const {
  // A template's own parameters (`<T>`, DeducedArgs) are written as such.
  if (!Kernel || !InstanceKernels.empty() ||
      !instantiatedWithUnwritableType(*Kernel, Context))
    return std::nullopt;
  return kernelAsNamed() +
         " is instantiated with a lambda's type (or an unnamed class's), "
         "which the " +
         Copy.str() + "'s name cannot write out";
}

bool LaunchRefusal::declineShapeReaders(const ChildGridUses &Uses,
                                        StringRef Seen, StringRef AsmSeen,
                                        bool BlockDimKept) {
  const std::string KernelName = kernelAsNamed();
  auto DeclineReader = [&](const FunctionDecl &Reader, StringRef Reads) {
    const std::string Name = "'" + Reader.getNameAsString() + "'";
    return declineWithNote(KernelName + " calls " + Name + ", which reads " +
                               Reads.str() + "; " + Seen.str(),
                           Reader.getLocation(), Name + " declared here");
  };
  if (Uses.ShapeReader)
    return DeclineReader(*Uses.ShapeReader,
                         "blockIdx or gridDim (or uses cooperative groups)");
  if (Uses.BlockDimReader && !BlockDimKept)
    return DeclineReader(*Uses.BlockDimReader, "blockDim");
  if (Uses.ShapeAsm)
    return declineWithNote(KernelName +
                               " reads the grid's shape in inline assembly, "
                               "which would see " +
                               AsmSeen.str(),
                           Uses.ShapeAsm->getBeginLoc(),
                           "the assembly is here");
  return true;
}

} // namespace cdp
