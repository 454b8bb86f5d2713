//===- CooperativeGroups.cpp - Declarations of cooperative groups ---------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/CooperativeGroups.h"

#include "clang/AST/Decl.h"

using namespace clang;

namespace cdp {

bool inCooperativeGroups(const Decl &D) {
  for (const DeclContext *Context = D.getDeclContext(); Context;
       Context = Context->getParent())
    if (const auto *Namespace = dyn_cast<NamespaceDecl>(Context))
      if (Namespace->getName() == "cooperative_groups")
        return true;
  return false;
}

} // namespace cdp
