//===- ExecutionSide.cpp - Whether code runs on the host or the GPU -------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/ExecutionSide.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

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

LaunchSide executionSideOf(const FunctionDecl &Function) {
  llvm::SmallVector<const FunctionDecl *, 4> Enclosing;
  for (const DeclContext *Context = &Function; Context;
       Context = Context->getParent())
    if (const auto *Around = dyn_cast<FunctionDecl>(Context))
      Enclosing.push_back(Around);
  std::reverse(Enclosing.begin(), Enclosing.end());
  return classifyLaunchSite(Enclosing);
}

} // namespace cdp
