//===- OverloadedKernel.cpp - The overload a dependent launch calls -------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/OverloadedKernel.h"

#include "Lowering/KernelDeduction.h"
#include "Lowering/KernelSignature.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"

#include <optional>

using namespace clang;

namespace cdp {

namespace {

/// One overload: a kernel, or a kernel template.
struct Candidate {
  const FunctionDecl *Pattern;
  const FunctionTemplateDecl *Template; // null for a plain kernel
};

Candidate candidateOf(const NamedDecl *D) {
  D = D->getUnderlyingDecl(); // through using-declarations
  if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D))
    return {Template->getTemplatedDecl(), Template};
  return {dyn_cast<FunctionDecl>(D), nullptr};
}

const Decl *canonical(const Candidate &C) {
  return C.Template ? static_cast<const Decl *>(C.Template->getCanonicalDecl())
                    : C.Pattern->getCanonicalDecl();
}

/// The overload an instantiated launch calls, as a candidate's key.
const Decl *calledOverload(const CUDAKernelCallExpr &Instance) {
  const FunctionDecl *Callee = Instance.getDirectCallee();
  if (!Callee)
    return nullptr;
  if (const FunctionTemplateDecl *Primary = Callee->getPrimaryTemplate())
    return Primary->getCanonicalDecl();
  return Callee->getCanonicalDecl();
}

/// \p Type with the template parameters of depth \p Depth replaced by
/// \p Args. Covers what kernels' parameters are built from: the
/// parameters themselves, pointers, references, qualifiers and
/// parentheses; nothing for anything else that depends on them.
std::optional<QualType> substitute(QualType Type,
                                   llvm::ArrayRef<TemplateArgument> Args,
                                   unsigned Depth, ASTContext &Context) {
  if (!Type->isInstantiationDependentType())
    return Type;
  Qualifiers Quals = Type.getLocalQualifiers();
  const clang::Type *T = Type.getTypePtr();
  auto Requalified =
      [&](std::optional<QualType> Inner) -> std::optional<QualType> {
    if (!Inner)
      return std::nullopt;
    return Context.getQualifiedType(*Inner, Quals);
  };
  if (const auto *Param = dyn_cast<TemplateTypeParmType>(T)) {
    unsigned Index = Param->getIndex();
    if (Param->getDepth() != Depth || Param->isParameterPack() ||
        Index >= Args.size() || Args[Index].getKind() != TemplateArgument::Type)
      return std::nullopt;
    return Requalified(Args[Index].getAsType());
  }
  auto Pointee = [&](QualType Of) {
    return substitute(Of, Args, Depth, Context);
  };
  if (const auto *Pointer = dyn_cast<PointerType>(T)) {
    std::optional<QualType> To = Pointee(Pointer->getPointeeType());
    if (!To)
      return std::nullopt;
    return Requalified(Context.getPointerType(*To));
  }
  if (const auto *Ref = dyn_cast<LValueReferenceType>(T)) {
    std::optional<QualType> To = Pointee(Ref->getPointeeTypeAsWritten());
    return To ? std::optional(Context.getLValueReferenceType(*To))
              : std::nullopt;
  }
  if (const auto *Ref = dyn_cast<RValueReferenceType>(T)) {
    std::optional<QualType> To = Pointee(Ref->getPointeeTypeAsWritten());
    return To ? std::optional(Context.getRValueReferenceType(*To))
              : std::nullopt;
  }
  if (const auto *Paren = dyn_cast<ParenType>(T))
    return Requalified(Pointee(Paren->getInnerType()));
  return std::nullopt;
}

/// The kernel's parameter types with its template's parameters replaced
/// by \p Args; nothing when one cannot be.
std::optional<llvm::SmallVector<QualType, 8>>
substitutedParameters(const Candidate &C, llvm::ArrayRef<TemplateArgument> Args,
                      ASTContext &Context) {
  unsigned Depth =
      C.Template ? C.Template->getTemplateParameters()->getDepth() : 0;
  llvm::SmallVector<QualType, 8> Types;
  for (const ParmVarDecl *Param : C.Pattern->parameters()) {
    std::optional<QualType> Type =
        C.Template ? substitute(Param->getType(), Args, Depth, Context)
        : Param->getType()->isInstantiationDependentType()
            ? std::nullopt
            : std::optional(Param->getType());
    if (!Type)
      return std::nullopt;
    Types.push_back(*Type);
  }
  return Types;
}

/// Whether \p C's parameters can take \p Launch's written arguments, by
/// their number (a template without instantiations gives no more).
bool takesArgumentCount(const Candidate &C, const CUDAKernelCallExpr &Launch,
                        const UnresolvedLookupExpr &Callee) {
  if (C.Template &&
      Callee.getNumTemplateArgs() > C.Template->getTemplateParameters()->size())
    return false;
  unsigned Written = Launch.getNumArgs();
  for (const Expr *Arg : Launch.arguments())
    if (isa<PackExpansionExpr>(Arg))
      return true; // as many as the pack holds
  bool TakesAPack =
      llvm::any_of(C.Pattern->parameters(), [](const ParmVarDecl *Param) {
        return Param->isParameterPack();
      });
  return C.Pattern->getMinRequiredArguments() <= Written &&
         (Written <= C.Pattern->getNumParams() || TakesAPack);
}

/// The overload \p Launch calls: the one its instantiations call, or the
/// only one that takes its arguments.
std::variant<Candidate, OverloadFailure>
pick(const CUDAKernelCallExpr &Launch, const UnresolvedLookupExpr &Callee,
     llvm::ArrayRef<const CUDAKernelCallExpr *> Instances) {
  llvm::SmallVector<Candidate, 4> Candidates;
  for (const NamedDecl *D : Callee.decls()) {
    Candidate C = candidateOf(D);
    if (C.Pattern)
      Candidates.push_back(C);
  }
  if (!Instances.empty()) {
    const Decl *Called = calledOverload(*Instances.front());
    for (const CUDAKernelCallExpr *Instance : Instances.drop_front())
      if (calledOverload(*Instance) != Called)
        return OverloadFailure::Disagreeing;
    for (const Candidate &C : Candidates)
      if (canonical(C) == Called)
        return C;
    return OverloadFailure::Disagreeing; // an overload found at instantiation
  }
  std::optional<Candidate> Only;
  for (const Candidate &C : Candidates) {
    if (!takesArgumentCount(C, Launch, Callee))
      continue;
    if (Only)
      return OverloadFailure::Unknown;
    Only = C;
  }
  if (!Only)
    return OverloadFailure::Unknown;
  return *Only;
}

/// The template arguments of \p Template at the launch: those written, then
/// the defaults of the parameters left unwritten (FIDESlib launches
/// `INTT_<T, false, algo>` of a kernel whose fourth parameter defaults to
/// `INTT_NONE`). A default given in terms of other parameters, or of a
/// parameter that is not a type, stays a null argument: the kernel's
/// parameter types cannot be written from it, which substitute() refuses
/// if one needs it. Nothing when a parameter has neither, or for a pack.
std::optional<llvm::SmallVector<TemplateArgument, 4>>
argumentsAtLaunch(const FunctionTemplateDecl &Template,
                  const UnresolvedLookupExpr &Callee) {
  const TemplateParameterList &Params = *Template.getTemplateParameters();
  if (Callee.getNumTemplateArgs() > Params.size() || Params.hasParameterPack())
    return std::nullopt;
  llvm::SmallVector<TemplateArgument, 4> Args;
  for (const TemplateArgumentLoc &Arg : Callee.template_arguments())
    Args.push_back(Arg.getArgument());
  for (unsigned I = Args.size(); I < Params.size(); ++I) {
    const NamedDecl *Param = Params.getParam(I);
    if (!hasDefaultArgument(*Param))
      return std::nullopt;
    const auto *TypeParam = dyn_cast<TemplateTypeParmDecl>(Param);
    QualType Default =
        TypeParam ? TypeParam->getDefaultArgument().getArgument().getAsType()
                  : QualType();
    Args.push_back(!Default.isNull() && !Default->isDependentType()
                       ? TemplateArgument(Default)
                       : TemplateArgument());
  }
  return Args;
}

} // namespace

bool namesOverloads(const UnresolvedLookupExpr &Callee) {
  return Callee.getNumDecls() > 1;
}

std::variant<ChosenOverload, OverloadFailure> chooseOverload(
    const CUDAKernelCallExpr &Launch, const UnresolvedLookupExpr &Callee,
    llvm::ArrayRef<const CUDAKernelCallExpr *> Instances, ASTContext &Context) {
  std::variant<Candidate, OverloadFailure> Picked =
      pick(Launch, Callee, Instances);
  if (const auto *Failure = std::get_if<OverloadFailure>(&Picked))
    return *Failure;
  const Candidate &C = std::get<Candidate>(Picked);

  std::optional<llvm::SmallVector<TemplateArgument, 4>> Written =
      C.Template ? argumentsAtLaunch(*C.Template, Callee)
                 : llvm::SmallVector<TemplateArgument, 4>();
  if (!Written)
    return OverloadFailure::Unwritable;
  std::optional<llvm::SmallVector<QualType, 8>> Types =
      substitutedParameters(C, *Written, Context);
  if (!Types)
    return OverloadFailure::Unwritable;

  // The same replacement, made with each instantiation's own template
  // arguments, gives the parameter types the compiler chose there.
  for (const CUDAKernelCallExpr *Instance : Instances) {
    const FunctionDecl *Chosen = Instance->getDirectCallee();
    const TemplateArgumentList *Args =
        C.Template ? Chosen->getTemplateSpecializationArgs() : nullptr;
    std::optional<llvm::SmallVector<QualType, 8>> There = substitutedParameters(
        C, Args ? Args->asArray() : llvm::ArrayRef<TemplateArgument>(),
        Context);
    if (!There || There->size() != Chosen->getNumParams())
      return OverloadFailure::Unwritable;
    for (unsigned I = 0; I < There->size(); ++I)
      if (!Context.hasSameType((*There)[I], Chosen->getParamDecl(I)->getType()))
        return OverloadFailure::Unwritable;
  }

  TypeListSpelling Spelled = spellTypes(*Types, Context);
  if (Spelled.Unwritable)
    return OverloadFailure::Unwritable;
  return ChosenOverload{C.Pattern, "void(" + Spelled.Spelling + ")"};
}

} // namespace cdp
