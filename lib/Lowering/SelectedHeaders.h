//===- SelectedHeaders.h - The headers --header-filter selects --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lowering and the CDP1 migration edit the main file and the headers
// that --header-filter selects, as clang-tidy reports on them: the filter
// is matched against the header's absolute path (one header is named
// differently by each include path that reaches it), and never selects a
// system header.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_SELECTEDHEADERS_H
#define CDP_LOWER_LOWERING_SELECTEDHEADERS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Regex.h"

#include <string>

namespace clang {
class SourceManager;
} // namespace clang

namespace cdp {

/// The absolute path of \p File, without `.` and `..`; empty for a buffer
/// that is not a file.
std::string absolutePath(const clang::SourceManager &SM, clang::FileID File);

class SelectedHeaders {
public:
  /// \p HeaderFilter empty: no header is selected.
  SelectedHeaders(const clang::SourceManager &SM, llvm::StringRef HeaderFilter)
      : SM(SM), Filter(HeaderFilter.str()), HasFilter(!HeaderFilter.empty()) {}

  /// Whether \p File is edited: the main file or a selected header.
  bool edits(clang::FileID File);

private:
  const clang::SourceManager &SM;
  llvm::Regex Filter;
  bool HasFilter;
  llvm::DenseMap<clang::FileID, bool> Selected;
};

} // namespace cdp

#endif // CDP_LOWER_LOWERING_SELECTEDHEADERS_H
