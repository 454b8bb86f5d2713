//===- SystemBodySkipping.cpp - Parses without system bodies -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "SystemBodySkipping.h"

#include "CudaAST/SystemHeaders.h"

#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/MultiplexConsumer.h"

using namespace clang;

namespace cdp {
namespace {

/// The action's own consumer, asked by the parser which bodies to skip.
class SkipSystemBodies : public MultiplexConsumer {
public:
  SkipSystemBodies(const SourceManager &SM,
                   std::unique_ptr<ASTConsumer> Consumer)
      : MultiplexConsumer(std::move(Consumer)), SM(SM) {}

  bool shouldSkipFunctionBody(Decl *D) override {
    return isInSystemHeader(D, SM);
  }

private:
  const SourceManager &SM;
};

class SkippingAction : public WrapperFrontendAction {
public:
  using WrapperFrontendAction::WrapperFrontendAction;

protected:
  bool BeginInvocation(CompilerInstance &CI) override {
    // The parser asks the consumer only when this is set.
    CI.getFrontendOpts().SkipFunctionBodies = true;
    return WrapperFrontendAction::BeginInvocation(CI);
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    std::unique_ptr<ASTConsumer> Inner =
        WrapperFrontendAction::CreateASTConsumer(CI, InFile);
    if (!Inner)
      return nullptr;
    return std::make_unique<SkipSystemBodies>(CI.getSourceManager(),
                                              std::move(Inner));
  }
};

class SkippingFactory : public tooling::FrontendActionFactory {
public:
  explicit SkippingFactory(tooling::FrontendActionFactory &Inner)
      : Inner(Inner) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<SkippingAction>(Inner.create());
  }

private:
  tooling::FrontendActionFactory &Inner;
};

} // namespace

std::unique_ptr<tooling::FrontendActionFactory>
skippingSystemBodies(tooling::FrontendActionFactory &Inner) {
  return std::make_unique<SkippingFactory>(Inner);
}

} // namespace cdp
