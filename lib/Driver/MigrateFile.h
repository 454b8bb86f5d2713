//===- MigrateFile.h - --migrate-cdp1 on one input --------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_MIGRATEFILE_H
#define CDP_LOWER_DRIVER_MIGRATEFILE_H

#include "Driver/FileRun.h"
#include "Driver/ToolDiagnostics.h"

#include "Migration/MigrateCdp1Action.h"

#include <optional>

namespace cdp {

/// The input migrated from CDP1 to CDP2 source: its edits and the text they
/// make. One parse serves: the migration is the same for every GPU
/// architecture. Nothing when a refusal or an error was reported.
/// Headers that \p HeaderFilter selects are migrated too (their calls of
/// the host API that CUDA removed).
struct MigratedInput {
  std::vector<TextEdit> Edits;
  std::string Text;
  struct Header {
    std::string Path; ///< Absolute.
    std::vector<TextEdit> Edits;
    std::string Text;
  };
  std::vector<Header> Headers;

  /// The migrated text of the header at \p Path; null when it is not one.
  const std::string *headerText(llvm::StringRef Path) const {
    for (const Header &H : Headers)
      if (H.Path == Path)
        return &H.Text;
    return nullptr;
  }
};
std::optional<MigratedInput> migrateFile(llvm::StringRef Input,
                                         const FileParse &Parse,
                                         const MigrationOptions &Options,
                                         ToolDiagnostics &Diagnostics);

/// \p Parse with cdp1-compat.h (ParseOnlyHeaders.h) force-included: the
/// migration's parse, and the parse that lowers the migrated text, whose
/// headers may still call what CUDA 13 no longer declares (the migration edits
/// the input and the selected headers only).
FileParse withCdp1Compat(FileParse Parse);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_MIGRATEFILE_H
