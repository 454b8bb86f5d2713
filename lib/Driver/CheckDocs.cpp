//===- CheckDocs.cpp - Each check's page, for --explain -------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/CheckDocs.h"

#include <utility>

namespace cdp {

static const std::pair<llvm::StringRef, llvm::StringRef> Pages[] = {
#include "CheckDocs.inc"
};

std::optional<llvm::StringRef> checkDocumentation(llvm::StringRef Check) {
  for (const auto &[Name, Text] : Pages)
    if (Name == Check)
      return Text;
  return std::nullopt;
}

} // namespace cdp
