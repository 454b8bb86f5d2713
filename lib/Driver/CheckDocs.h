//===- CheckDocs.h - Each check's page, for --explain -----------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// docs/checks/<check>.md, the clang-tidy way: the rule (quoting the guide),
// a bad and a good example, the fix. The pages are built into the tool
// (CMakeLists.txt), so `cdp-lower --explain <check>` works wherever the
// tool is installed.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_CHECKDOCS_H
#define CDP_LOWER_DRIVER_CHECKDOCS_H

#include "llvm/ADT/StringRef.h"

#include <optional>

namespace cdp {

/// The page of \p Check; nothing when it has none.
std::optional<llvm::StringRef> checkDocumentation(llvm::StringRef Check);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_CHECKDOCS_H
