//===- ParseOnlyHeaders.h - Headers the tool's parses include ---*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The headers in ParseOnly/ make clang parse what nvcc accepts (host
// min/max, the CDP1 calls CUDA 13 dropped); they are force-included into
// the tool's own parses and never into an output, which nvcc compiles with
// its own headers. So they are not installed with the runtime: the tool
// carries their text and each parse reads them from memory, under a
// directory that exists nowhere on disk.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_PARSEONLYHEADERS_H
#define CDP_LOWER_DRIVER_PARSEONLYHEADERS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace cdp {

struct ParseOnlyHeader {
  llvm::StringRef Name; ///< The file's name in ParseOnly/.
  llvm::StringRef Text;
};

/// Every header of ParseOnly/, as built into the tool.
llvm::ArrayRef<ParseOnlyHeader> parseOnlyHeaders();

/// The path under which a parse reads the header \p Name (for `-include`).
std::string parseOnlyPath(llvm::StringRef Name);

/// Whether \p Path names one of these headers, which exist in no file
/// system but the parses'.
bool isParseOnlyPath(llvm::StringRef Path);

/// The force-included headers, by the name parseOnlyPath takes.
inline constexpr llvm::StringLiteral NvccCompatHeader = "nvcc-compat.h";
inline constexpr llvm::StringLiteral Cdp1CompatHeader = "cdp1-compat.h";

} // namespace cdp

#endif // CDP_LOWER_DRIVER_PARSEONLYHEADERS_H
