//===- CheckAndLowerAction.cpp - The checks, then the lowering ------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/CheckAndLowerAction.h"

#include "Checks/CheckConfigFile.h"
#include "Checks/ChecksConsumer.h"
#include "Checks/WarningControls.h"

#include "clang/Frontend/MultiplexConsumer.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace cdp {

std::unique_ptr<clang::ASTConsumer>
CheckAndLowerAction::CreateASTConsumer(clang::CompilerInstance &CI,
                                       llvm::StringRef InFile) {
  // In this order: the lowering asks whether the checks found errors.
  std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers;
  // One record of the skipped code, the lowering's, serves both.
  Consumers.push_back(createChecksConsumer(CI, Checks, &skippedCode()));
  // After the filter that drops clang's own report of these flags, which
  // lacks the suggestion. (clang reports them before it loads a plugin.)
  reportMisspeltCheckFlags(CI.getDiagnostics(),
                           CI.getDiagnosticOpts().Warnings);
  Consumers.push_back(LowerLaunchesAction::CreateASTConsumer(CI, InFile));
  return std::make_unique<clang::MultiplexConsumer>(std::move(Consumers));
}

UnorderedChildren
CheckAndLowerAction::unorderedChildrenFor(llvm::StringRef File) {
  llvm::SmallString<256> Path(File);
  llvm::sys::fs::make_absolute(Path);
  llvm::Expected<std::optional<CheckConfigFile>> Config =
      findCheckConfig(llvm::sys::path::parent_path(Path));
  UnorderedChildren Children;
  if (!Config) {
    // The checks report an invalid file, and the lowering stops there.
    llvm::consumeError(Config.takeError());
    return Children;
  }
  if (*Config)
    for (const std::string &Name : (*Config)->UnorderedChildren)
      Children.add(Name);
  return Children;
}

} // namespace cdp
