//===- SystemHeaders.cpp - Declarations the tool passes over --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/SystemHeaders.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cdp {

bool isInSystemHeader(const Decl *D, const SourceManager &SM) {
  return D && !isa<TranslationUnitDecl>(D) &&
         SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation()));
}

} // namespace cdp
