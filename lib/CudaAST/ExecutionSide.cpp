//===- ExecutionSide.cpp - Whether code runs on the host or the GPU -------===//

#include "CudaAST/ExecutionSide.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace cdp {

/// Only attributes written by the user decide: clang marks unattributed
/// lambdas (and constexpr functions) implicitly __host__ __device__.
template <class AttrT> static bool hasWrittenAttr(const FunctionDecl &F) {
  const auto *A = F.getAttr<AttrT>();
  return A && !A->isImplicit();
}

static bool isLambdaCallOperator(const FunctionDecl &F) {
  const auto *Method = dyn_cast<CXXMethodDecl>(&F);
  return Method && Method->getParent()->isLambda();
}

LaunchSide classifyLaunchSite(llvm::ArrayRef<const FunctionDecl *> Enclosing) {
  for (const FunctionDecl *F : llvm::reverse(Enclosing)) {
    if (hasWrittenAttr<CUDAGlobalAttr>(*F))
      return LaunchSide::Device;
    bool Device = hasWrittenAttr<CUDADeviceAttr>(*F);
    bool Host = hasWrittenAttr<CUDAHostAttr>(*F);
    if (Device)
      return Host ? LaunchSide::HostDevice : LaunchSide::Device;
    if (Host)
      return LaunchSide::Host;
    if (!isLambdaCallOperator(*F))
      return LaunchSide::Host;
    // An unattributed lambda runs where the function around it runs.
  }
  return LaunchSide::Host;
}

/// The functions around \p S, innermost first.
static llvm::SmallVector<const FunctionDecl *, 4>
enclosingFunctions(const Stmt &S, ASTContext &Context) {
  llvm::SmallVector<const FunctionDecl *, 4> Functions;
  DynTypedNodeList Parents = Context.getParents(S);
  while (!Parents.empty()) {
    const DynTypedNode &Parent = Parents[0];
    const FunctionDecl *Function = Parent.get<FunctionDecl>();
    if (const auto *Lambda = Parent.get<LambdaExpr>())
      Function = Lambda->getCallOperator();
    // A lambda body can be reached both from its LambdaExpr and its call
    // operator; count the function once.
    if (Function && (Functions.empty() || Functions.back() != Function))
      Functions.push_back(Function);
    Parents = Context.getParents(Parent);
  }
  return Functions;
}

LaunchSide executionSideOf(const Stmt &S, ASTContext &Context) {
  auto Innermost = enclosingFunctions(S, Context);
  std::reverse(Innermost.begin(), Innermost.end());
  return classifyLaunchSite(Innermost);
}

const FunctionDecl *enclosingFunction(const Stmt &S, ASTContext &Context) {
  auto Functions = enclosingFunctions(S, Context);
  return Functions.empty() ? nullptr : Functions.front();
}

} // namespace cdp
