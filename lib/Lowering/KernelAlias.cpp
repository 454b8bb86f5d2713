//===- KernelAlias.cpp - A short name for a long kernel type --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/KernelAlias.h"

#include "CudaAST/RuntimeNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cdp {

/// The declaration at namespace scope that holds \p Enclosing.
static const Decl &namespaceScopeDecl(const Decl &Enclosing) {
  const Decl *Outer = &Enclosing;
  while (!isa<NamespaceDecl, LinkageSpecDecl, TranslationUnitDecl>(
      Outer->getLexicalDeclContext()))
    Outer = cast<Decl>(Outer->getLexicalDeclContext());
  return *Outer;
}

const DeclContext *aliasScope(const Decl &Enclosing) {
  // `extern "C" {` opens no scope of its own; a reopened namespace is the
  // one opened first.
  return namespaceScopeDecl(Enclosing)
      .getLexicalDeclContext()
      ->getRedeclContext()
      ->getPrimaryContext();
}

std::optional<SourceLocation> aliasPlace(const Decl &Enclosing, FileID File,
                                         const SourceManager &SM) {
  const Decl *Outer = &namespaceScopeDecl(Enclosing);
  if (const auto *Function = dyn_cast<FunctionDecl>(Outer))
    if (const FunctionTemplateDecl *Template =
            Function->getDescribedFunctionTemplate())
      Outer = Template;
  if (const auto *Record = dyn_cast<CXXRecordDecl>(Outer))
    if (const ClassTemplateDecl *Template = Record->getDescribedClassTemplate())
      Outer = Template;
  SourceLocation Begin = SM.getExpansionLoc(Outer->getBeginLoc());
  if (SM.getFileID(Begin) != File)
    return std::nullopt;
  StringRef Buffer = SM.getBufferData(File);
  unsigned Offset = SM.getFileOffset(Begin);
  unsigned LineStart = Buffer.rfind('\n', Offset) + 1; // npos + 1 is 0.
  if (Buffer.slice(LineStart, Offset).find_first_not_of(" \t") !=
      StringRef::npos)
    return std::nullopt;
  return SM.getComposedLoc(File, LineStart);
}

std::string newAliasName(const FunctionDecl &Kernel, ASTContext &Context,
                         llvm::StringSet<> &Taken) {
  std::string Base =
      runtime::KernelAliasPrefix.str() + Kernel.getNameAsString();
  std::string Name = Base;
  for (unsigned N = 2; Context.Idents.find(Name) != Context.Idents.end() ||
                       !Taken.insert(Name).second;
       ++N)
    Name = Base + "_" + std::to_string(N);
  return Name;
}

} // namespace cdp
