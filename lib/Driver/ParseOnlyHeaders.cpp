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

std::string parseOnlyPath(llvm::StringRef Name) {
  // Absolute, so that no include path is needed, and named after the tool,
  // so that a message about it says where it comes from.
  return (llvm::Twine("/cdp-lower-parse-only/") + Name).str();
}

} // namespace cdp
