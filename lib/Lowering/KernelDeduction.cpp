//===- KernelDeduction.cpp - A launch's kernel template arguments ---------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/KernelDeduction.h"

#include "CudaAST/SystemHeaders.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/KernelSignature.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cdp {
namespace {

class LaunchCollector : public RecursiveASTVisitor<LaunchCollector> {
public:
  LaunchCollector(const SourceManager &SM, InstantiatedLaunches &Found)
      : SM(SM), Found(Found) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (isInSystemHeader(D, SM))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Launch) {
    if (!Launch->isTypeDependent())
      Found[Launch->getConfig()->getBeginLoc()].push_back(Launch);
    return true;
  }

  /// RecursiveASTVisitor walks a generic lambda's body as written, not the
  /// instances of its call operator, which say what its launches launch.
  bool VisitLambdaExpr(LambdaExpr *Lambda) {
    if (FunctionTemplateDecl *Call = Lambda->getDependentCallOperator())
      for (FunctionDecl *Instance : Call->specializations())
        TraverseDecl(Instance);
    return true;
  }

private:
  const SourceManager &SM;
  InstantiatedLaunches &Found;
};

/// An argument as deduction sees it.
struct CallArgument {
  QualType Type;
  bool IsLValue = false;
  /// `values...`: Type is the pattern's type, and the argument stands for
  /// any number of arguments.
  bool IsExpansion = false;
};

/// One deduced template type parameter: a type, or for a parameter pack,
/// its elements (each a type, or an expansion of an enclosing pack).
struct DeducedParameter {
  bool IsPack = false;
  llvm::SmallVector<CallArgument, 2> Elements; ///< Type and IsExpansion.
};

/// Template argument deduction from a call ([temp.deduct.call]) for the
/// parameter forms of the file comment; anything else fails.
class Deducer {
public:
  /// \p AtInstance: the arguments are an instantiation's, and what the
  /// pattern saw as a template parameter (or a type named through one) is
  /// deduced as that whole type. The result is then what the spelling made
  /// from the pattern names at this instantiation: for `T value` with
  /// `T = const int`, `byValue<T>` names `byValue<const int>`, where the
  /// call deduces `byValue<int>`.
  Deducer(const FunctionTemplateDecl &Template, const ASTContext &Context,
          bool AtInstance)
      : Template(Template), Context(Context), AtInstance(AtInstance),
        Depth(Template.getTemplateParameters()->getDepth()),
        Deduced(Template.getTemplateParameters()->size()) {}

  bool deduceCall(llvm::ArrayRef<CallArgument> Args) {
    const FunctionDecl *Pattern = Template.getTemplatedDecl();
    size_t Next = 0;
    for (const ParmVarDecl *Param : Pattern->parameters()) {
      QualType Type = Param->getType();
      if (const auto *Pack = Type->getAs<PackExpansionType>())
        return deducePack(Pack->getPattern(), Args.drop_front(Next));
      if (Next == Args.size())
        return true; // Default arguments take part in no deduction.
      if (Args[Next].IsExpansion || !deduceParameter(Type, Args[Next]))
        return false;
      ++Next;
    }
    return Next == Args.size();
  }

  const std::optional<DeducedParameter> &deduced(unsigned Index) const {
    return Deduced[Index];
  }

private:
  const FunctionTemplateDecl &Template;
  const ASTContext &Context;
  bool AtInstance;
  unsigned Depth;
  llvm::SmallVector<std::optional<DeducedParameter>, 4> Deduced;

  /// The index of \p Type as one of the kernel's template parameters.
  std::optional<unsigned> ownParameter(QualType Type) const {
    const auto *Param = dyn_cast<TemplateTypeParmType>(Type.getTypePtr());
    if (!Param || Param->getDepth() != Depth || Type.hasLocalQualifiers())
      return std::nullopt;
    return Param->getIndex();
  }

  /// Whether \p A, at an instantiation, stood in the pattern for a type
  /// the pattern could not look into.
  bool isOpaque(QualType A) const {
    if (!AtInstance)
      return false;
    const clang::Type *T = A.getTypePtr();
    if (isa<SubstTemplateTypeParmType, DecltypeType, TypeOfExprType>(T))
      return true;
    if (const auto *Typedef = dyn_cast<TypedefType>(T)) // `Box<T>::type`
      return isa<ClassTemplateSpecializationDecl>(
          Typedef->getDecl()->getDeclContext());
    return false;
  }

  bool bind(unsigned Index, QualType Type) {
    std::optional<DeducedParameter> &Slot = Deduced[Index];
    if (Slot) // Deduced twice: both must agree.
      return !Slot->IsPack && Context.hasSameType(Slot->Elements[0].Type, Type);
    Slot.emplace();
    Slot->Elements.push_back({Type, false, false});
    return true;
  }

  /// `P` against an argument passed to a function parameter of type `P`.
  bool deduceParameter(QualType P, const CallArgument &Arg) {
    if (!P->isDependentType())
      return true;
    if (const auto *Ref = dyn_cast<ReferenceType>(P.getTypePtr())) {
      QualType Pointee = Ref->getPointeeType();
      // A forwarding reference keeps the argument's value category.
      if (isa<RValueReferenceType>(Ref) && ownParameter(Pointee))
        return bind(*ownParameter(Pointee),
                    Arg.IsLValue ? Context.getLValueReferenceType(Arg.Type)
                                 : Arg.Type);
      return deduceQualified(Pointee, Arg.Type, /*Exact=*/false);
    }
    // By value: the argument decays and loses its top-level qualifiers.
    QualType A = Arg.Type;
    if (isOpaque(A))
      return deduceType(P.getUnqualifiedType(), A.getLocalUnqualifiedType());
    if (A->isArrayType())
      A = Context.getArrayDecayedType(A);
    else if (A->isFunctionType())
      A = Context.getPointerType(A);
    return deduceType(P.getUnqualifiedType(), A.getUnqualifiedType());
  }

  /// `cv P` against `A`: P's qualifiers are removed from A's. Where a
  /// conversion may add them (a reference or pointer binding), A need not
  /// have them; elsewhere (\p Exact) it must.
  bool deduceQualified(QualType P, QualType A, bool Exact) {
    Qualifiers PQuals = P.getLocalQualifiers();
    bool Opaque = isOpaque(A);
    Qualifiers AQuals = Opaque ? A.getLocalQualifiers() : A.getQualifiers();
    if (Exact && !AQuals.compatiblyIncludes(PQuals, Context))
      return false;
    AQuals.removeCVRQualifiers(PQuals.getCVRQualifiers());
    QualType Unqualified =
        Opaque ? A.getLocalUnqualifiedType() : A.getUnqualifiedType();
    return deduceType(P.getLocalUnqualifiedType(),
                      Context.getQualifiedType(Unqualified, AQuals));
  }

  bool deduceType(QualType P, QualType A) {
    if (!P->isDependentType())
      return true; // Not deduced here; the compiler checks it matches.
    if (P.hasLocalQualifiers())
      return deduceQualified(P, A, /*Exact=*/true);
    if (std::optional<unsigned> Index = ownParameter(P))
      return bind(*Index, A);
    if (isOpaque(A))
      return false;
    if (const auto *Pointer = dyn_cast<PointerType>(P.getTypePtr())) {
      const auto *APointer = A->getAs<PointerType>();
      return APointer && deduceQualified(Pointer->getPointeeType(),
                                         APointer->getPointeeType(),
                                         /*Exact=*/false);
    }
    if (const auto *Specialization =
            dyn_cast<TemplateSpecializationType>(P.getTypePtr()))
      return deduceSpecialization(*Specialization, A);
    return false;
  }

  /// `Box<U, 4>` against `Box<T, 4>` (written in the template) or against a
  /// class template specialization (an instantiation).
  bool deduceSpecialization(const TemplateSpecializationType &P, QualType A) {
    const TemplateDecl *PTemplate = P.getTemplateName().getAsTemplateDecl();
    const TemplateDecl *ATemplate = nullptr;
    llvm::ArrayRef<TemplateArgument> AArgs;
    if (const auto *ASpec = A->getAs<TemplateSpecializationType>()) {
      ATemplate = ASpec->getTemplateName().getAsTemplateDecl();
      AArgs = ASpec->template_arguments();
    } else if (const auto *Record =
                   dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                       A->getAsCXXRecordDecl())) {
      ATemplate = Record->getSpecializedTemplate();
      AArgs = Record->getTemplateArgs().asArray();
    }
    if (!PTemplate || !ATemplate ||
        PTemplate->getCanonicalDecl() != ATemplate->getCanonicalDecl())
      return false;
    llvm::ArrayRef<TemplateArgument> PArgs = P.template_arguments();
    if (PArgs.size() > AArgs.size())
      return false;
    for (size_t I = 0; I < PArgs.size(); ++I) {
      const TemplateArgument &PArg = PArgs[I];
      if (!PArg.isDependent())
        continue;
      if (PArg.getKind() != TemplateArgument::Type ||
          AArgs[I].getKind() != TemplateArgument::Type ||
          !deduceQualified(PArg.getAsType(), AArgs[I].getAsType(),
                           /*Exact=*/true))
        return false;
    }
    return true;
  }

  /// A trailing function parameter pack `Us... xs` (or `const Us &...`)
  /// takes every remaining argument.
  bool deducePack(QualType Pattern, llvm::ArrayRef<CallArgument> Args) {
    QualType Bare = Pattern.getNonReferenceType().getLocalUnqualifiedType();
    std::optional<unsigned> Index = ownParameter(Bare);
    if (!Index || Deduced[*Index])
      return false;
    DeducedParameter Pack;
    Pack.IsPack = true;
    for (const CallArgument &Arg : Args) {
      Deducer One(Template, Context, AtInstance);
      CallArgument Single = Arg;
      Single.IsExpansion = false;
      if (!One.deduceParameter(Pattern, Single) || !One.Deduced[*Index])
        return false;
      CallArgument Element = One.Deduced[*Index]->Elements[0];
      Element.IsExpansion = Arg.IsExpansion;
      Pack.Elements.push_back(Element);
    }
    Deduced[*Index] = std::move(Pack);
    return true;
  }
};

llvm::SmallVector<CallArgument, 8> callArguments(const CallExpr &Launch) {
  llvm::SmallVector<CallArgument, 8> Args;
  for (const Expr *Arg : Launch.arguments()) {
    if (isa<CXXDefaultArgExpr>(Arg))
      continue;
    CallArgument Argument;
    if (const auto *Expansion = dyn_cast<PackExpansionExpr>(Arg)) {
      Argument.IsExpansion = true;
      Arg = Expansion->getPattern();
    }
    Arg = Arg->IgnoreImplicit();
    Argument.Type = Arg->getType();
    Argument.IsLValue = Arg->isLValue();
    Args.push_back(Argument);
  }
  return Args;
}

/// Whether what \p Deduced says of the first template arguments after
/// \p Explicit is what clang chose at an instantiation.
bool agreesWith(const Deducer &Deduced, unsigned Explicit,
                const FunctionDecl &Chosen, const ASTContext &Context) {
  const TemplateArgumentList *Actual = Chosen.getTemplateSpecializationArgs();
  if (!Actual)
    return false;
  for (unsigned I = Explicit; I < Actual->size(); ++I) {
    const std::optional<DeducedParameter> &Mine = Deduced.deduced(I);
    if (!Mine)
      continue; // A default argument.
    const TemplateArgument &Theirs = Actual->get(I);
    llvm::ArrayRef<TemplateArgument> TheirElements =
        Theirs.getKind() == TemplateArgument::Pack ? Theirs.pack_elements()
                                                   : llvm::ArrayRef(Theirs);
    if (Mine->Elements.size() != TheirElements.size())
      return false;
    for (size_t E = 0; E < TheirElements.size(); ++E)
      if (TheirElements[E].getKind() != TemplateArgument::Type ||
          !Context.hasSameType(Mine->Elements[E].Type,
                               TheirElements[E].getAsType()))
        return false;
  }
  return true;
}

/// Whether \p Type names a template parameter that a generic lambda's
/// `auto` parameter invented: it has no name to write it by (clang prints
/// it as `auto`, which nvcc refuses as a template argument).
bool namesInventedParameter(QualType Type) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitTemplateTypeParmType(TemplateTypeParmType *Param) {
      const TemplateTypeParmDecl *Decl = Param->getDecl();
      Found = Decl && Decl->isImplicit();
      return !Found;
    }
  } Find;
  Find.TraverseType(Type);
  return Find.Found;
}

} // namespace

bool hasDefaultArgument(const NamedDecl &Param) {
  if (const auto *Type = dyn_cast<TemplateTypeParmDecl>(&Param))
    return Type->hasDefaultArgument();
  if (const auto *Value = dyn_cast<NonTypeTemplateParmDecl>(&Param))
    return Value->hasDefaultArgument();
  if (const auto *Template = dyn_cast<TemplateTemplateParmDecl>(&Param))
    return Template->hasDefaultArgument();
  return false;
}

InstantiatedLaunches findInstantiatedLaunches(ASTContext &Context) {
  InstantiatedLaunches Found;
  LaunchCollector(Context.getSourceManager(), Found)
      .TraverseDecl(Context.getTranslationUnitDecl());
  return Found;
}

std::optional<DeducedKernel>
deduceDependentKernel(const CUDAKernelCallExpr &Launch,
                      const UnresolvedLookupExpr &Callee,
                      llvm::ArrayRef<const CUDAKernelCallExpr *> Instances,
                      const ASTContext &Context) {
  if (Callee.getNumDecls() != 1)
    return std::nullopt;
  const auto *Template = dyn_cast<FunctionTemplateDecl>(*Callee.decls_begin());
  if (!Template)
    return std::nullopt;
  const TemplateParameterList &Params = *Template->getTemplateParameters();
  unsigned Explicit = Callee.getNumTemplateArgs();
  for (unsigned I = 0; I < Explicit && I < Params.size(); ++I)
    if (Params.getParam(I)->isTemplateParameterPack())
      return std::nullopt; // A pack that deduction would extend.

  Deducer Deduced(*Template, Context, /*AtInstance=*/false);
  if (!Deduced.deduceCall(callArguments(Launch)))
    return std::nullopt;

  const SourceManager &SM = Context.getSourceManager();
  const LangOptions &LangOpts = Context.getLangOpts();
  llvm::SmallVector<std::string, 4> Spelled;
  for (const TemplateArgumentLoc &Arg : Callee.template_arguments())
    Spelled.push_back(writtenText(Arg.getSourceRange(), SM, LangOpts));
  bool Defaulted = false;
  for (unsigned I = Explicit; I < Params.size(); ++I) {
    const std::optional<DeducedParameter> &Param = Deduced.deduced(I);
    if (!Param) {
      // Left to the parameter's default, which needs every later one left
      // to its default too.
      if (!hasDefaultArgument(*Params.getParam(I)))
        return std::nullopt;
      Defaulted = true;
      continue;
    }
    if (Defaulted)
      return std::nullopt;
    for (const CallArgument &Element : Param->Elements) {
      if (namesInventedParameter(Element.Type))
        return std::nullopt;
      std::optional<std::string> Type = spellType(Element.Type, Context);
      if (!Type)
        return std::nullopt;
      Spelled.push_back(*Type + (Element.IsExpansion ? "..." : ""));
    }
  }

  for (const CUDAKernelCallExpr *Instance : Instances) {
    const FunctionDecl *Chosen = Instance->getDirectCallee();
    if (!Chosen || Chosen->getPrimaryTemplate() == nullptr ||
        Chosen->getPrimaryTemplate()->getCanonicalDecl() !=
            Template->getCanonicalDecl())
      return std::nullopt;
    Deducer AtInstance(*Template, Context, /*AtInstance=*/true);
    if (!AtInstance.deduceCall(callArguments(*Instance)) ||
        !agreesWith(AtInstance, Explicit, *Chosen, Context))
      return std::nullopt;
  }

  SourceLocation NameEnd = Callee.getNameInfo().getEndLoc();
  DeducedKernel Result;
  Result.Template = Template;
  Result.DeducedAny = Spelled.size() > Explicit;
  Result.Arguments = "<" + llvm::join(Spelled, ", ") + ">";
  Result.Spelling =
      writtenText(SourceRange(Callee.getBeginLoc(), NameEnd), SM, LangOpts) +
      Result.Arguments;
  return Result;
}

} // namespace cdp
