//===- KernelFriends.cpp - The classes that befriend a kernel -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/KernelFriends.h"

#include "CudaAST/SystemHeaders.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclFriend.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cdp {

llvm::SmallVector<const FunctionDecl *, 2>
friendDeclarationsOf(const FunctionDecl &Kernel, const SourceManager &SM) {
  llvm::SmallVector<const FunctionDecl *, 2> Friends;
  llvm::SmallPtrSet<const void *, 4> Seen;
  // \p Declared: a redeclaration of the kernel (its template's, for a
  // kernel template). A friend declared in a class template's pattern is
  // not one: clang links only the friends of its instantiations, each at
  // the location of the pattern's, which is taken instead.
  auto Consider = [&](const Decl &Declared) {
    const auto *Class =
        dyn_cast<CXXRecordDecl>(Declared.getLexicalDeclContext());
    if (Declared.getFriendObjectKind() == Decl::FOK_None || !Class ||
        isInSystemHeader(&Declared, SM) ||
        !Seen.insert(Declared.getLocation().getPtrEncoding()).second)
      return;
    const Decl *Written = &Declared;
    if (const CXXRecordDecl *Pattern =
            Class->getTemplateInstantiationPattern()) {
      Written = nullptr;
      for (const FriendDecl *Friend : Pattern->friends())
        if (const NamedDecl *Named = Friend->getFriendDecl();
            Named && Named->getLocation() == Declared.getLocation())
          Written = Named;
    }
    if (const auto *Template = dyn_cast_or_null<FunctionTemplateDecl>(Written))
      Friends.push_back(Template->getTemplatedDecl());
    else if (const auto *Function = dyn_cast_or_null<FunctionDecl>(Written))
      Friends.push_back(Function);
  };
  if (const FunctionTemplateDecl *Template =
          Kernel.getDescribedFunctionTemplate()) {
    for (const RedeclarableTemplateDecl *Redeclaration : Template->redecls())
      Consider(*Redeclaration);
    return Friends;
  }
  for (const FunctionDecl *Redeclaration : Kernel.redecls())
    if (!Redeclaration->isFunctionTemplateSpecialization())
      Consider(*Redeclaration);
  return Friends;
}

} // namespace cdp
