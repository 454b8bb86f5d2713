//===- LowerFile.h - Lower one input under all its parses -------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A file is parsed once per GPU architecture of each of its compile
// commands (FileRun.h); each parse lowers what it compiles, and the
// lowerings are merged: code only one architecture compiles is lowered by
// its own parse, and two parses that lower the same text differently are an
// error.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_LOWERFILE_H
#define CDP_LOWER_DRIVER_LOWERFILE_H

#include "Driver/FileRun.h"
#include "Driver/MigrateFile.h"
#include "Driver/ToolDiagnostics.h"

#include "Checks/CheckOptions.h"
#include "Driver/LowerLaunchesAction.h"
#include "Lowering/TextEdit.h"

#include <optional>
#include <string>
#include <vector>

namespace cdp {

/// A lowered input and the headers lowered with it.
struct LoweredInput {
  std::string Text;
  std::vector<TextEdit> Edits; ///< What makes Text of the input.
  struct Header {
    std::string Path, CopyName, Text;
    std::vector<TextEdit> Edits;
  };
  std::vector<Header> Headers;
  std::vector<std::string> Dependencies; ///< Sorted, without repeats.
  unsigned Launches = 0; ///< Launches lowered (by the parse that lowered most).
};

/// The union of \p Passes' edits of one file, applied to \p Original:
/// \p Edits and \p Text; false after an error that names \p Path and says
/// \p Whose edits conflict.
bool mergeFile(llvm::StringRef Path, llvm::StringRef Whose,
               llvm::StringRef Original,
               llvm::ArrayRef<std::vector<TextEdit>> Passes,
               std::vector<TextEdit> &Edits, std::string &Text);

/// Checks and lowers \p Input under each of \p Parses and merges what they
/// lowered; nothing, after reporting why, when a parse failed. Lowers
/// \p Migrated's texts in place of the input and its headers when given;
/// its headers are written out with the input.
std::optional<LoweredInput> lowerFile(llvm::StringRef Input,
                                      llvm::ArrayRef<FileParse> Parses,
                                      const CheckOptions &Checks,
                                      const LoweringOptions &Options,
                                      ToolDiagnostics &Diagnostics,
                                      const MigratedInput *Migrated = nullptr);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_LOWERFILE_H
