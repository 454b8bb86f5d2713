//===- RawTokens.h - A file's tokens before preprocessing -------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the parse-copy respellings (SpacedChevrons, AsmEscapes) look at: the
// raw tokens of a file as CUDA C++ lexes them, before the preprocessor.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_RAWTOKENS_H
#define CDP_LOWER_DRIVER_RAWTOKENS_H

#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace cdp {

struct RawToken {
  clang::tok::TokenKind Kind;
  unsigned Offset, Length;
  /// Points into the text given to rawTokens.
  llvm::StringRef Text;
};

std::vector<RawToken> rawTokens(llvm::StringRef Text);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_RAWTOKENS_H
