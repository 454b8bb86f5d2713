//===- Target.cpp - The GPU architecture a parse compiles for -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/Target.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/TargetInfo.h"

namespace cdp {

unsigned targetSmVersion(const clang::ASTContext &Context) {
  return smVersionOf(Context.getTargetInfo().getTargetOpts().CPU).value_or(90);
}

std::string smName(unsigned SmVersion) {
  return "sm_" + std::to_string(SmVersion);
}

std::optional<unsigned> smVersionOf(llvm::StringRef Name) {
  unsigned Version;
  if (!Name.consume_front("sm_") || Name.consumeInteger(10, Version) ||
      !(Name.empty() || Name == "a" || Name == "f"))
    return std::nullopt;
  return Version;
}

} // namespace cdp
