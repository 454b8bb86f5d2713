//===- SoleRuntimeCall.cpp - A launch no other runtime call meets ---------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/SoleRuntimeCall.h"
#include "Aggregation/LaunchingThreads.h"
#include "CudaAST/EnclosingStatements.h"

#include "CudaAST/CooperativeGroups.h"
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

/// Whether \p Function is of the global namespace.
bool isGlobal(const FunctionDecl &Function) {
  return Function.getDeclContext()
      ->getEnclosingNamespaceContext()
      ->isTranslationUnit();
}

/// Whether \p Function, of a system header, is the device runtime's API:
/// `cudaGetLastError` and the `__cudaCDP2` entry points it wraps.
bool isRuntimeApi(const FunctionDecl &Function) {
  return isGlobal(Function) && Function.getDeclName().isIdentifier() &&
         (Function.getName().starts_with("cuda") ||
          Function.getName().starts_with("__cuda"));
}

/// The namespace \p Function is declared in, inline namespaces passed
/// over; null for the global namespace.
const NamespaceDecl *namespaceOf(const FunctionDecl &Function) {
  const auto *Inner = dyn_cast<NamespaceDecl>(
      Function.getDeclContext()->getEnclosingNamespaceContext());
  while (Inner && Inner->isInline())
    Inner = dyn_cast<NamespaceDecl>(Inner->getParent());
  return Inner;
}

/// Whether \p Function is of std or cuda::std, whose device code does not
/// launch.
bool isStandardLibrary(const FunctionDecl &Function) {
  const NamespaceDecl *Inner = namespaceOf(Function);
  if (!Inner)
    return false;
  if (Inner->isStdNamespace())
    return true;
  const auto *Outer = dyn_cast<NamespaceDecl>(Inner->getParent());
  return Inner->getName() == "std" && Outer &&
         Outer->getParent()->isTranslationUnit() && Outer->getName() == "cuda";
}

bool builtinInEveryInstance(const Expr &E);

/// Whether the value of \p E, in a template as written, may be of a class
/// type in one of its instances, whose operators and conversions an
/// operator on it would call.
bool mayBeOfClass(const Expr &E) {
  const Expr *Bare = E.IgnoreParens();
  auto ClassOrEnum = [](const clang::Type *T) {
    return T->isRecordType() || T->isEnumeralType();
  };
  if (!Bare->isTypeDependent())
    return ClassOrEnum(Bare->getType()->getBaseElementTypeUnsafe());
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(Bare)) {
    QualType Base = Subscript->getBase()->IgnoreParenImpCasts()->getType();
    const clang::Type *Element = Base->getPointeeOrArrayElementType();
    return Element == Base.getTypePtr() || Element->isDependentType() ||
           ClassOrEnum(Element);
  }
  // A built-in operator's value is no class where its operands are none.
  if (builtinInEveryInstance(*Bare))
    return false;
  const clang::Type *Element = Bare->getType()->getBaseElementTypeUnsafe();
  return !Element->isPointerType() &&
         (Element->isDependentType() || ClassOrEnum(Element));
}

/// Whether \p E, in a template as written, is an operator that every
/// instance of the template reads as a built-in one: none of its operands
/// may be of a class or an enumeration there.
bool builtinInEveryInstance(const Expr &E) {
  const auto *Operator = dyn_cast<CXXOperatorCallExpr>(&E);
  if (!Operator && !isa<BinaryOperator, UnaryOperator, ArraySubscriptExpr,
                        ConditionalOperator, ImplicitCastExpr>(E))
    return false;
  // An operator call's first child is its callee.
  for (const Stmt *Operand : E.children())
    if (const auto *Value = dyn_cast_or_null<Expr>(Operand);
        Value && (!Operator || Value != Operator->getCallee()) &&
        mayBeOfClass(*Value))
      return false;
  return true;
}

/// Walks a kernel's body and the functions it calls, and finds whether
/// any of them may call into the device runtime outside \p OneThread, the
/// statements that one thread runs alone in its warp (oneThreadRegion).
class OtherRuntimeCalls : public RecursiveASTVisitor<OtherRuntimeCalls> {
public:
  OtherRuntimeCalls(llvm::ArrayRef<const Stmt *> OneThread,
                    const SourceManager &SM)
      : OneThread(OneThread), SM(SM) {}

  bool shouldVisitLambdaBody() const { return true; }

  /// False when \p Function or what it calls may call the runtime.
  bool inFunction(const FunctionDecl &Function) {
    if (!Seen.insert(&Function).second)
      return true;
    return TraverseDecl(const_cast<FunctionDecl *>(&Function));
  }

  bool TraverseStmt(Stmt *S) {
    // What one thread runs alone may call the runtime as it likes: no other
    // lane of its warp is there. Jumped into, it may not be one thread's.
    if (llvm::is_contained(OneThread, S))
      return !mayBeJumpedInto(*S);
    return RecursiveASTVisitor::TraverseStmt(S);
  }

  bool TraverseCUDAKernelCallExpr(CUDAKernelCallExpr *) { return false; }

  /// In a template as written, what an instance may resolve otherwise: a
  /// call of an operator, a constructor or a conversion of a type not
  /// known yet. Naming a value makes none, nor does an operator whose
  /// operands are no class in any instance (`sum += sums[w]` with
  /// `__shared__ int sums[Threads / 32]`).
  bool VisitExpr(Expr *E) {
    return !E->isTypeDependent() ||
           isa<DeclRefExpr, MemberExpr, ParenExpr>(E) ||
           builtinInEveryInstance(*E);
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee)
      return isa<CXXPseudoDestructorExpr>(Call->getCallee()->IgnoreParens()) ||
             builtinInEveryInstance(*Call);
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
  /// False when a call of \p Callee may call the runtime. Of a system
  /// header's functions, the runtime's API does; std's, cuda::std's and
  /// the global functions it does not define (the C library's, the
  /// intrinsics') do not; cooperative groups' (which call what they are
  /// given: cg::reduce's operator, cg::invoke_one's function; the parse
  /// keeps their bodies, Driver/LaunchScan.h) and the global ones it
  /// defines are read as the program's own are; any other (thrust's and
  /// cub's algorithms launch) counts as a call of the runtime.
  bool calls(const FunctionDecl &Callee) {
    if (Callee.getBuiltinID() != 0)
      return true;
    const bool OfSystem = isInSystemHeader(&Callee, SM);
    if (OfSystem) {
      if (isRuntimeApi(Callee))
        return false;
      if (isStandardLibrary(Callee))
        return true;
      if (!isGlobal(Callee) && !inCooperativeGroups(Callee))
        return false;
    }
    const FunctionDecl *Definition = Callee.getDefinition();
    if (!Definition || !Definition->hasBody())
      return Callee.isDefaulted() || Callee.isTrivial() ||
             (OfSystem && isGlobal(Callee));
    return inFunction(*Definition);
  }

  /// False when destroying an object of \p Type may call the runtime.
  bool destroys(QualType Type) {
    // An array's elements, its size perhaps a template's parameter
    // (`__shared__ int sums[Threads / 32]`).
    const clang::Type *Element = Type->getBaseElementTypeUnsafe();
    if (Element->isScalarType() || Type->isReferenceType())
      return true;
    if (Element->isDependentType())
      return false;
    const CXXRecordDecl *Record = Element->getAsCXXRecordDecl();
    if (!Record || !Record->hasDefinition())
      return true;
    const CXXDestructorDecl *Destructor = Record->getDestructor();
    return !Destructor || calls(*Destructor);
  }

  llvm::ArrayRef<const Stmt *> OneThread;
  const SourceManager &SM;
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen;
};

} // namespace

AloneInWarp launchesAloneInWarp(const CUDAKernelCallExpr &Launch,
                                const FunctionDecl &Enclosing,
                                ASTContext &Context) {
  if (!Enclosing.hasAttr<CUDAGlobalAttr>() ||
      Enclosing.isTemplateInstantiation() || !Enclosing.hasBody())
    return AloneInWarp::No;
  auto Alone = [&](ThreadScope Scope) {
    const OneThreadStatements OneThread =
        oneThreadRegion(Launch, Enclosing, Context, Scope);
    return !OneThread.empty() &&
           OtherRuntimeCalls(OneThread, Context.getSourceManager())
               .inFunction(Enclosing);
  };
  if (Alone(ThreadScope::Block))
    return AloneInWarp::OneThreadOfBlock;
  if (Alone(ThreadScope::Warp))
    return AloneInWarp::OneLaneOfWarp;
  return AloneInWarp::No;
}

} // namespace cdp
