//===- ParseOnlyHeaders.cpp - Headers the tool's parses include -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/ParseOnlyHeaders.h"

#include "llvm/ADT/Twine.h"

namespace cdp {

static const ParseOnlyHeader Headers[] = {
#include "ParseOnlyHeaders.inc"
};

llvm::ArrayRef<ParseOnlyHeader> parseOnlyHeaders() { return Headers; }

// Absolute, so that no include path is needed, and named after the tool, so
// that a message about a header in it says where the header comes from.
static constexpr llvm::StringLiteral Directory = "/cdp-lower-parse-only/";

std::string parseOnlyPath(llvm::StringRef Name) {
  return (llvm::Twine(Directory) + Name).str();
}

bool isParseOnlyPath(llvm::StringRef Path) {
  return Path.starts_with(Directory);
}

} // namespace cdp
