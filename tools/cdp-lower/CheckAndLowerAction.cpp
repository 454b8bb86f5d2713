//===- CheckAndLowerAction.cpp - The checks, then the lowering ------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CheckAndLowerAction.h"

#include "Checks/ChecksConsumer.h"

#include "clang/Frontend/MultiplexConsumer.h"

namespace cdp {

std::unique_ptr<clang::ASTConsumer>
CheckAndLowerAction::CreateASTConsumer(clang::CompilerInstance &CI,
                                       llvm::StringRef InFile) {
  // In this order: the lowering asks whether the checks found errors.
  std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers;
  // One record of the skipped code, the lowering's, serves both.
  Consumers.push_back(createChecksConsumer(CI, Checks, &skippedCode()));
  Consumers.push_back(LowerLaunchesAction::CreateASTConsumer(CI, InFile));
  return std::make_unique<clang::MultiplexConsumer>(std::move(Consumers));
}

} // namespace cdp
