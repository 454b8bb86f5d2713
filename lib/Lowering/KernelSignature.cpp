//===- KernelSignature.cpp - A kernel's parameter types, as written -------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/KernelSignature.h"

#include "CudaAST/KernelName.h"
#include "Lowering/LoweringDiagnostics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/QualTypeNames.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cdp {

static bool canBeWritten(QualType Type);
static bool canBeWritten(const TemplateArgument &Arg);

static bool canBeWritten(const TemplateArgument &Arg) {
  switch (Arg.getKind()) {
  case TemplateArgument::Type:
    return canBeWritten(Arg.getAsType());
  case TemplateArgument::Pack:
    return llvm::all_of(Arg.pack_elements(), [](const TemplateArgument &A) {
      return canBeWritten(A);
    });
  default:
    return true;
  }
}

static bool canBeWritten(const TagDecl &Tag) {
  if (const auto *Record = dyn_cast<CXXRecordDecl>(&Tag))
    if (Record->isLambda())
      return false;
  // `typedef struct { ... } Name;` is written as Name.
  if (!Tag.getIdentifier() && !Tag.getTypedefNameForAnonDecl())
    return false;
  if (const auto *Specialization =
          dyn_cast<ClassTemplateSpecializationDecl>(&Tag))
    return llvm::all_of(
        Specialization->getTemplateArgs().asArray(),
        [](const TemplateArgument &A) { return canBeWritten(A); });
  return true;
}

static bool canBeWritten(QualType Type) {
  const clang::Type *T = Type.getCanonicalType().getTypePtr();
  if (T->isPointerType() || T->isReferenceType())
    return canBeWritten(T->getPointeeType());
  if (const auto *Array = dyn_cast<ArrayType>(T))
    return canBeWritten(Array->getElementType());
  if (const auto *Member = dyn_cast<MemberPointerType>(T))
    return canBeWritten(*Member->getMostRecentCXXRecordDecl()) &&
           canBeWritten(Member->getPointeeType());
  if (const auto *Function = dyn_cast<FunctionProtoType>(T))
    return canBeWritten(Function->getReturnType()) &&
           llvm::all_of(Function->getParamTypes(),
                        [](QualType P) { return canBeWritten(P); });
  const TagDecl *Tag = T->getAsTagDecl();
  return !Tag || canBeWritten(*Tag);
}

/// `::`-rooted: the launch site may see another entity by the same name (a
/// local struct, a namespace, a template parameter).
static std::string spellWritable(QualType Type, const ASTContext &Context) {
  PrintingPolicy Policy(Context.getLangOpts());
  Policy.SuppressUnwrittenScope = true;
  return TypeName::getFullyQualifiedName(Type, Context, Policy,
                                         /*WithGlobalNsPrefix=*/true);
}

TypeListSpelling spellTypes(llvm::ArrayRef<QualType> Types,
                            const ASTContext &Context) {
  TypeListSpelling Result;
  llvm::SmallVector<std::string, 8> Spelled;
  for (unsigned I = 0; I < Types.size(); ++I) {
    if (!canBeWritten(Types[I])) {
      Result.Unwritable = I;
      return Result;
    }
    Spelled.push_back(spellWritable(Types[I], Context));
  }
  Result.Spelling = llvm::join(Spelled, ", ");
  return Result;
}

std::optional<std::string> spellType(QualType Type, const ASTContext &Context) {
  if (!canBeWritten(Type))
    return std::nullopt;
  return spellWritable(Type, Context);
}

bool instantiatedWithUnwritableType(const FunctionDecl &Function,
                                    const ASTContext &Context) {
  const TemplateArgumentList *Args = Function.getTemplateSpecializationArgs();
  if (!Args)
    return false;
  auto Unwritable = [&](const TemplateArgument &Arg) {
    return Arg.getKind() == TemplateArgument::Type &&
           !spellType(Arg.getAsType(), Context);
  };
  return llvm::any_of(Args->asArray(), [&](const TemplateArgument &Arg) {
    return Arg.getKind() == TemplateArgument::Pack
               ? llvm::any_of(Arg.pack_elements(), Unwritable)
               : Unwritable(Arg);
  });
}

ParameterTypes spellParameterTypes(const FunctionDecl &Kernel,
                                   const ASTContext &Context) {
  llvm::SmallVector<QualType, 8> Types;
  for (const ParmVarDecl *Param : Kernel.parameters())
    Types.push_back(Param->getType());
  TypeListSpelling Spelled = spellTypes(Types, Context);
  ParameterTypes Result;
  Result.Spelling = std::move(Spelled.Spelling);
  if (Spelled.Unwritable)
    Result.Unwritable = Kernel.getParamDecl(*Spelled.Unwritable);
  return Result;
}

void reportUnwritableParameter(const CallExpr &Launch,
                               const FunctionDecl &Kernel,
                               const ParmVarDecl &Unwritable,
                               DiagnosticsEngine &Diags) {
  unsigned Index = Unwritable.getFunctionScopeIndex();
  SourceLocation At = Index < Launch.getNumArgs()
                          ? Launch.getArg(Index)->getBeginLoc()
                          : Launch.getBeginLoc();
  report(Diags, At, LoweringDiag::UnwritableParameterType)
      << quotedKernelName(&Kernel) << Unwritable.getName();
}

} // namespace cdp
