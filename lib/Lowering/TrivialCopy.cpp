//===- TrivialCopy.cpp - May a type be copied into a parameter buffer? ----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/TrivialCopy.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace cdp {

/// Whether \p Record declares a member of kind \p Kind itself.
static bool declaresUserProvided(const CXXRecordDecl &Record,
                                 NonTrivialCopy::SpecialMember Kind) {
  if (Kind == NonTrivialCopy::Destructor) {
    const CXXDestructorDecl *Dtor = Record.getDestructor();
    return Dtor && Dtor->isUserProvided();
  }
  for (const CXXConstructorDecl *Ctor : Record.ctors()) {
    bool Matches = Kind == NonTrivialCopy::CopyConstructor
                       ? Ctor->isCopyConstructor()
                       : Ctor->isMoveConstructor();
    if (Matches && Ctor->isUserProvided())
      return true;
  }
  return false;
}

std::optional<NonTrivialCopy> nonTrivialCopyOf(QualType Type) {
  const CXXRecordDecl *Record =
      Type->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return std::nullopt;
  auto Because = [&](NonTrivialCopy::SpecialMember Kind) {
    return NonTrivialCopy{Kind, declaresUserProvided(*Record, Kind)};
  };
  if (Record->hasNonTrivialCopyConstructor())
    return Because(NonTrivialCopy::CopyConstructor);
  if (Record->hasNonTrivialMoveConstructor())
    return Because(NonTrivialCopy::MoveConstructor);
  if (Record->hasNonTrivialDestructor())
    return Because(NonTrivialCopy::Destructor);
  return std::nullopt;
}

} // namespace cdp
