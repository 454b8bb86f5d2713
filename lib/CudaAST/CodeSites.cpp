//===- CodeSites.cpp - The function and side of each call -----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/CodeSites.h"

#include "CudaAST/FunctionStackVisitor.h"

using namespace clang;

namespace cdp {
namespace {

class SiteRecorder : public FunctionStackVisitor<SiteRecorder> {
public:
  explicit SiteRecorder(llvm::DenseMap<const Stmt *, CodeSite> &Sites)
      : Sites(Sites) {}

  // A launch whose arguments depend on a template parameter is only
  // resolved in the instantiations.
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCallExpr(CallExpr *Call) { return record(*Call); }
  bool VisitRecoveryExpr(RecoveryExpr *Recovery) { return record(*Recovery); }
  bool VisitAsmStmt(AsmStmt *Asm) { return record(*Asm); }

private:
  bool record(const Stmt &S) {
    Sites.try_emplace(&S, CodeSite{currentFunction(), currentSide()});
    return true;
  }

  llvm::DenseMap<const Stmt *, CodeSite> &Sites;
};

} // namespace

CodeSites::CodeSites(ASTContext &Context) {
  SiteRecorder(Sites).TraverseAST(Context);
}

const CodeSite *CodeSites::find(const Stmt &S) const {
  auto It = Sites.find(&S);
  return It == Sites.end() ? nullptr : &It->second;
}

} // namespace cdp
