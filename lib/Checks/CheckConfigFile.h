//===- CheckConfigFile.h - The .cdp-lower options file ----------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A project sets its check levels once, in a `.cdp-lower` file found from
// the compiled file's directory upward (the nearest one wins), as
// clang-tidy finds `.clang-tidy`:
//
//   Checks:
//     cdp-unchecked-launch: warning
//     cdp-pdl-early-trigger: off
//
// Levels are off, remark, warning and error. The tool and the plugin read
// it; the compile line's -W flags, then their own, act on top of it.
//
// The tool also reads which children's launches may be aggregated whatever
// their stream (`--aggregate-unordered`, docs/aggregation.md):
//
//   Aggregation:
//     Unordered: [visitEdges, relax]    # or: Unordered: all
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_CHECKCONFIGFILE_H
#define CDP_LOWER_CHECKS_CHECKCONFIGFILE_H

#include "Checks/CheckOptions.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
} // namespace clang

namespace cdp {

struct CheckConfigFile {
  std::string Path;
  CheckLevels Levels;
  /// `Aggregation: Unordered:`: kernel names, or `all`.
  std::vector<std::string> UnorderedChildren;
};

/// Reads \p Text, the contents of the options file \p Path.
llvm::Expected<CheckConfigFile> parseCheckConfig(llvm::StringRef Path,
                                                 llvm::StringRef Text);

/// The nearest `.cdp-lower` in \p Directory or above it; nothing when
/// there is none, an error when it cannot be read or is not valid.
llvm::Expected<std::optional<CheckConfigFile>>
findCheckConfig(llvm::StringRef Directory);

/// The levels of the options file for the file \p AbsolutePath; none,
/// after an error through \p Diags, when that file is not valid.
CheckLevels checkLevelsForFile(llvm::StringRef AbsolutePath,
                               clang::DiagnosticsEngine &Diags);

} // namespace cdp

#endif // CDP_LOWER_CHECKS_CHECKCONFIGFILE_H
