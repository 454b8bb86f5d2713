//===- LineDirectives.cpp - Keeping the input's line numbers --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/LineDirectives.h"

#include "clang/Basic/SourceManager.h"

namespace cdp {

bool onlyCommentFollows(const clang::SourceManager &SM,
                        clang::SourceLocation Last) {
  llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(Last));
  unsigned End = SM.getFileOffset(Last) + 1;
  llvm::StringRef After = Buffer.slice(End, Buffer.find('\n', End)).trim();
  return After.empty() || After.starts_with("//");
}

std::string lineDirectiveAfter(const clang::SourceManager &SM,
                               clang::SourceLocation Last,
                               llvm::StringRef Indent) {
  unsigned Line = SM.getPresumedLineNumber(Last);
  if (onlyCommentFollows(SM, Last))
    return "#line " + std::to_string(Line + 1);
  return "#line " + std::to_string(Line) + "\n" + Indent.str();
}

std::string lineDirectiveAt(const clang::SourceManager &SM,
                            clang::SourceLocation Loc) {
  return "#line " + std::to_string(SM.getPresumedLineNumber(Loc)) + "\n";
}

} // namespace cdp
