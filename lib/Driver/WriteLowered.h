//===- WriteLowered.h - Write a lowered input out ---------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// To standard output, to the -o file (with a dependency file and the
// lowered headers' copies beside it), or in place with -i (headers too).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_WRITELOWERED_H
#define CDP_LOWER_DRIVER_WRITELOWERED_H

#include "Driver/LowerFile.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace cdp {

/// Where the lowered text goes (the tool's -i, -o and --depfile).
struct WriteOptions {
  bool InPlace = false;
  std::string OutputPath; ///< Empty: standard output.
  std::string DepFile;    ///< Empty: none.
};

/// Writes \p Text to \p Path, creating its directory (a build tree's output
/// directory may not exist yet); false after reporting why not.
bool writeFile(llvm::StringRef Path, llvm::StringRef Text);

/// Writes \p Lowered, the lowering of \p Input, where \p Where says;
/// false after reporting why not.
bool writeLowered(llvm::StringRef Input, const LoweredInput &Lowered,
                  const WriteOptions &Where);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_WRITELOWERED_H
