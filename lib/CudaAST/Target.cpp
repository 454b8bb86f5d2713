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
  llvm::StringRef CPU = Context.getTargetInfo().getTargetOpts().CPU;
  unsigned Version = 90;
  if (CPU.consume_front("sm_"))
    CPU.consumeInteger(10, Version);
  return Version;
}

std::string smName(unsigned SmVersion) {
  return "sm_" + std::to_string(SmVersion);
}

} // namespace cdp
