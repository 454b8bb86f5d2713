//===- KernelName.cpp - How messages name a kernel ------------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/KernelName.h"

#include "CudaAST/WrittenText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/Support/raw_ostream.h"

namespace cdp {

std::string quotedKernelName(const clang::FunctionDecl *Kernel,
                             llvm::StringRef Written, llvm::StringRef Unknown) {
  if (!Kernel)
    return Written.empty() ? Unknown.str() : ("'" + Written + "'").str();
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  clang::PrintingPolicy Policy(Kernel->getASTContext().getLangOpts());
  Policy.SuppressScope = true;
  // "apply<(lambda)>": where the lambda is written, the message says.
  Policy.AnonymousTagLocations = false;
  Kernel->getNameForDiagnostic(OS, Policy, /*Qualified=*/false);
  return "'" + Name + "'";
}

std::string quotedLaunchedKernel(const clang::CUDAKernelCallExpr &Launch,
                                 const clang::FunctionDecl *Kernel,
                                 const clang::ASTContext &Context) {
  if (Kernel)
    return quotedKernelName(Kernel);
  return quotedKernelName(nullptr,
                          writtenText(Launch.getCallee()->getSourceRange(),
                                      Context.getSourceManager(),
                                      Context.getLangOpts()),
                          "a kernel");
}

} // namespace cdp
