//===- SoleRuntimeCall.cpp - A launch no other runtime call meets ---------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/SoleRuntimeCall.h"
#include "Aggregation/LaunchingThreads.h"

#include "CudaAST/SystemHeaders.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cdp {
namespace {

/// Whether \p Function, of a system header, makes no call into the device
/// runtime: a function or member function of the global namespace (the C
/// library's, the CUDA intrinsics, threadIdx's members) other than the
/// CUDA runtime API's, or of std or cuda::std.
bool systemFunctionCallsNoRuntime(const FunctionDecl &Function) {
  const DeclContext *Namespace =
      Function.getDeclContext()->getEnclosingNamespaceContext();
  if (Namespace->isTranslationUnit())
    return !Function.getDeclName().isIdentifier() ||
           !Function.getName().starts_with("cuda");
  const auto *Inner = dyn_cast<NamespaceDecl>(Namespace);
  while (Inner && Inner->isInline())
    Inner = dyn_cast<NamespaceDecl>(Inner->getParent());
  if (!Inner)
    return false;
  if (Inner->isStdNamespace())
    return true;
  const auto *Outer = dyn_cast<NamespaceDecl>(Inner->getParent());
  return Inner->getName() == "std" && Outer &&
         Outer->getParent()->isTranslationUnit() && Outer->getName() == "cuda";
}

/// Walks a kernel's body and the functions it calls, and finds whether
/// any of them calls into the device runtime other than by \p Launch.
class OtherRuntimeCalls : public RecursiveASTVisitor<OtherRuntimeCalls> {
public:
  OtherRuntimeCalls(const CUDAKernelCallExpr &Launch, const SourceManager &SM)
      : Launch(Launch), SM(SM) {}

  bool shouldVisitLambdaBody() const { return true; }

  /// False when \p Function or what it calls may call the runtime.
  bool inFunction(const FunctionDecl &Function) {
    if (!Seen.insert(&Function).second)
      return true;
    return TraverseDecl(const_cast<FunctionDecl *>(&Function));
  }

  bool TraverseCUDAKernelCallExpr(CUDAKernelCallExpr *Call) {
    if (Call != &Launch)
      return false;
    // The configuration's call is the launch's own: its operands only.
    if (const auto *Config = dyn_cast_or_null<CallExpr>(Call->getConfig()))
      for (const Expr *Operand : Config->arguments())
        if (!TraverseStmt(const_cast<Expr *>(Operand)))
          return false;
    for (Expr *Argument : Call->arguments())
      if (!TraverseStmt(Argument))
        return false;
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return isa<CXXPseudoDestructorExpr>(Call->getCallee()->IgnoreParens());
    if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
        Method && Method->isVirtual())
      return false;
    return calls(*Callee);
  }

  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    return calls(*Construct->getConstructor()) &&
           destroys(Construct->getType());
  }

  bool VisitCXXNewExpr(CXXNewExpr *New) {
    return !New->getOperatorNew() || calls(*New->getOperatorNew());
  }

  bool VisitCXXDeleteExpr(CXXDeleteExpr *Delete) {
    return (!Delete->getOperatorDelete() ||
            calls(*Delete->getOperatorDelete())) &&
           destroys(Delete->getDestroyedType());
  }

  bool VisitVarDecl(VarDecl *Var) { return destroys(Var->getType()); }

private:
  /// False when a call of \p Callee may call the runtime.
  bool calls(const FunctionDecl &Callee) {
    if (Callee.getBuiltinID() != 0)
      return true;
    if (isInSystemHeader(&Callee, SM))
      return systemFunctionCallsNoRuntime(Callee);
    const FunctionDecl *Definition = Callee.getDefinition();
    if (!Definition || !Definition->hasBody())
      return Callee.isDefaulted() || Callee.isTrivial();
    return inFunction(*Definition);
  }

  /// False when destroying an object of \p Type may call the runtime.
  bool destroys(QualType Type) {
    const CXXRecordDecl *Record =
        Type->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
    if (!Record || !Record->hasDefinition())
      return true;
    const CXXDestructorDecl *Destructor = Record->getDestructor();
    return !Destructor || calls(*Destructor);
  }

  const CUDAKernelCallExpr &Launch;
  const SourceManager &SM;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
};

} // namespace

bool launchesAloneInWarp(const CUDAKernelCallExpr &Launch,
                         const FunctionDecl &Enclosing, ASTContext &Context) {
  if (!Enclosing.hasAttr<CUDAGlobalAttr>() || Enclosing.isTemplated() ||
      Enclosing.isTemplateInstantiation() || !Enclosing.hasBody())
    return false;
  if (!onlyOneThreadReachesEver(Launch, Enclosing, Context))
    return false;
  return OtherRuntimeCalls(Launch, Context.getSourceManager())
      .inFunction(Enclosing);
}

} // namespace cdp
