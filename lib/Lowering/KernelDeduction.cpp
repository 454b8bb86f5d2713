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

/// One deduced template argument: a type, a template (for a template
/// template parameter), or a value (for a non-type one: the expression the
/// pattern wrote, or the integer of an instantiation).
struct DeducedElement {
  TemplateArgument Argument;
  /// An expansion of an enclosing pack (`Ts...`).
  bool IsExpansion = false;
};

/// One deduced template parameter: its argument, or for a parameter pack,
/// its elements (types, each maybe an expansion of an enclosing pack).
struct DeducedParameter {
  bool IsPack = false;
  llvm::SmallVector<DeducedElement, 2> Elements;
};

/// The template \p Name names, as the kernel's template parameters are
/// compared: a template template parameter, or a class template.
const TemplateDecl *templateOf(TemplateName Name) {
  const TemplateDecl *Decl = Name.getAsTemplateDecl();
  return Decl ? cast<TemplateDecl>(Decl->getCanonicalDecl()) : nullptr;
}

/// Whether two deductions of one template parameter give one argument.
bool sameArgument(const TemplateArgument &A, const TemplateArgument &B,
                  const ASTContext &Context) {
  if (A.getKind() != B.getKind())
    return false;
  switch (A.getKind()) {
  case TemplateArgument::Type:
    return Context.hasSameType(A.getAsType(), B.getAsType());
  case TemplateArgument::Template:
    return templateOf(A.getAsTemplate()) == templateOf(B.getAsTemplate());
  case TemplateArgument::Integral:
    return llvm::APSInt::isSameValue(A.getAsIntegral(), B.getAsIntegral());
  case TemplateArgument::Expression: {
    llvm::FoldingSetNodeID AID, BID;
    A.getAsExpr()->Profile(AID, Context, /*Canonical=*/true);
    B.getAsExpr()->Profile(BID, Context, /*Canonical=*/true);
    return AID == BID;
  }
  default:
    return false;
  }
}

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

  /// The index of the kernel's own template parameter \p Decl, if it is.
  std::optional<unsigned> ownParameter(const NamedDecl *Decl) const {
    const TemplateParameterList &Params = *Template.getTemplateParameters();
    for (unsigned I = 0; I < Params.size(); ++I)
      if (Params.getParam(I) == Decl)
        return I;
    return std::nullopt;
  }

  /// The kernel's template template parameter that \p Name names, if any.
  std::optional<unsigned> ownParameter(TemplateName Name) const {
    const auto *Param =
        dyn_cast_or_null<TemplateTemplateParmDecl>(Name.getAsTemplateDecl());
    if (!Param || Param->getDepth() != Depth)
      return std::nullopt;
    return ownParameter(Param);
  }

  /// The kernel's non-type template parameter that \p Value names alone
  /// (`N`, not `N + 1`, which deduces nothing), if any.
  std::optional<unsigned> ownParameter(const Expr &Value) const {
    const auto *Ref = dyn_cast<DeclRefExpr>(Value.IgnoreParenImpCasts());
    const auto *Param =
        Ref ? dyn_cast<NonTypeTemplateParmDecl>(Ref->getDecl()) : nullptr;
    if (!Param || Param->getDepth() != Depth)
      return std::nullopt;
    return ownParameter(Param);
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

  bool bind(unsigned Index, const TemplateArgument &Argument) {
    std::optional<DeducedParameter> &Slot = Deduced[Index];
    if (Slot) // Deduced twice: both must agree.
      return !Slot->IsPack &&
             sameArgument(Slot->Elements[0].Argument, Argument, Context);
    Slot.emplace();
    Slot->Elements.push_back({Argument, false});
    return true;
  }
  bool bind(unsigned Index, QualType Type) {
    return bind(Index, TemplateArgument(Type));
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
  /// class template specialization (an instantiation); also `Tmpl<U, N>`,
  /// where the kernel's template template parameter `Tmpl` and non-type
  /// parameter `N` are deduced.
  bool deduceSpecialization(const TemplateSpecializationType &P, QualType A) {
    // An instantiation's own arguments, canonical: its sugar may keep a
    // value as the substituted expression.
    const auto *Record = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
        A->getAsCXXRecordDecl());
    TemplateName AName;
    llvm::ArrayRef<TemplateArgument> AArgs;
    if (const auto *ASpec = A->getAs<TemplateSpecializationType>()) {
      AName = ASpec->getTemplateName();
      AArgs = ASpec->template_arguments();
    } else if (const auto *Injected = A->getAs<InjectedClassNameType>()) {
      // The class template's own name inside it: `this` is a `Tree<T> *`.
      ClassTemplateDecl *Class =
          Injected->getDecl()->getDescribedClassTemplate();
      if (!Class)
        return false;
      AName = TemplateName(Class);
      AArgs = Class->getInjectedTemplateArgs(Context);
    } else if (Record) {
      AName = TemplateName(Record->getSpecializedTemplate());
      AArgs = Record->getTemplateArgs().asArray();
    }
    const TemplateDecl *ATemplate = templateOf(AName);
    if (!ATemplate)
      return false;
    if (std::optional<unsigned> Own = ownParameter(P.getTemplateName())) {
      if (!bind(*Own,
                TemplateArgument(
                    Record ? TemplateName(Record->getSpecializedTemplate())
                           : AName)))
        return false;
    } else if (templateOf(P.getTemplateName()) != ATemplate) {
      return false;
    }
    llvm::ArrayRef<TemplateArgument> PArgs = P.template_arguments();
    if (PArgs.size() > AArgs.size())
      return false;
    for (size_t I = 0; I < PArgs.size(); ++I) {
      const TemplateArgument &PArg = PArgs[I];
      if (!PArg.isDependent())
        continue;
      if (PArg.getKind() == TemplateArgument::Expression) {
        std::optional<unsigned> Own = ownParameter(*PArg.getAsExpr());
        const TemplateArgument &AArg =
            Record ? Record->getTemplateArgs()[I] : AArgs[I];
        if (!Own ||
            (AArg.getKind() != TemplateArgument::Integral &&
             AArg.getKind() != TemplateArgument::Expression) ||
            !bind(*Own, AArg))
          return false;
        continue;
      }
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
      DeducedElement Element = One.Deduced[*Index]->Elements[0];
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
      if (!sameArgument(Mine->Elements[E].Argument, TheirElements[E], Context))
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

/// A template argument deduced in the pattern, as the lowered launch writes
/// it at the launch; nothing when it cannot be written there.
std::optional<std::string> spellArgument(const TemplateArgument &Argument,
                                         const ASTContext &Context) {
  switch (Argument.getKind()) {
  case TemplateArgument::Type:
    if (namesInventedParameter(Argument.getAsType()))
      return std::nullopt;
    return spellType(Argument.getAsType(), Context);
  case TemplateArgument::Template: {
    const TemplateDecl *Template = templateOf(Argument.getAsTemplate());
    if (!Template || !Template->getIdentifier())
      return std::nullopt;
    // A template parameter by its name; a class template `::`-rooted, as
    // spellType writes types.
    if (isa<TemplateTemplateParmDecl>(Template))
      return Template->getName().str();
    return "::" + Template->getQualifiedNameAsString();
  }
  case TemplateArgument::Expression:
  case TemplateArgument::Integral: {
    // A value as the pattern wrote it (`N`), or a constant.
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    Argument.print(PrintingPolicy(Context.getLangOpts()), OS,
                   /*IncludeType=*/true);
    return Text;
  }
  default:
    return std::nullopt;
  }
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
    for (const DeducedElement &Element : Param->Elements) {
      std::optional<std::string> Argument =
          spellArgument(Element.Argument, Context);
      if (!Argument)
        return std::nullopt;
      Spelled.push_back(*Argument + (Element.IsExpansion ? "..." : ""));
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
