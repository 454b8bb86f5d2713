//===- Suppressions.h - NOLINT comments, the clang-tidy way -----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One site is silenced in the source as clang-tidy users do it:
//
//   child<<<1, 1>>>(&local); // NOLINT(cdp-local-pointer)
//   // NOLINTNEXTLINE(cdp-local-pointer, cdp-unchecked-launch)
//   // NOLINTBEGIN(cdp-*) ... // NOLINTEND(cdp-*)
//
// A bare NOLINT silences every check on its line. A comment that names a
// cdp- check and silences nothing is reported, as is a NOLINTBEGIN without
// its NOLINTEND (or the reverse): a suppression left behind after a fix
// would otherwise hide the next real problem there. Bare NOLINTs and lists
// of other tools' checks are clang-tidy's business and left alone.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_SUPPRESSIONS_H
#define CDP_LOWER_CHECKS_SUPPRESSIONS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class SourceManager;
} // namespace clang

namespace cdp {

class Suppressions {
public:
  explicit Suppressions(const clang::SourceManager &SM) : SM(SM) {}

  /// Whether a NOLINT comment silences \p Check at \p Loc; the comment
  /// then counts as used.
  bool suppresses(llvm::StringRef Check, clang::SourceLocation Loc);

  /// Reports the comments of the files seen that name an enabled cdp-
  /// check and silenced nothing, and unmatched NOLINTBEGIN/NOLINTEND.
  void reportUnused(clang::DiagnosticsEngine &Diags,
                    llvm::function_ref<bool(llvm::StringRef)> IsEnabled);

private:
  enum class Kind { SameLine, NextLine, Begin, End };
  struct Comment {
    Kind Type;
    unsigned Line;
    clang::SourceLocation Loc;                ///< Of the word NOLINT...
    std::string Spelling;                     ///< `NOLINT(cdp-local-pointer)`.
    llvm::SmallVector<std::string, 2> Checks; ///< Empty: every check.
    bool Used = false;
  };
  /// The lines a NOLINTBEGIN/NOLINTEND pair covers.
  struct Region {
    unsigned First, Last;
    size_t Begin; ///< Index of the NOLINTBEGIN comment.
  };
  struct FileComments {
    std::vector<Comment> Comments;
    std::vector<Region> Regions;
    std::vector<size_t> Unmatched; ///< BEGIN or END comments without a pair.
  };

  FileComments &commentsOf(clang::FileID File);
  static bool names(const Comment &C, llvm::StringRef Check);

  const clang::SourceManager &SM;
  llvm::DenseMap<clang::FileID, FileComments> Files;
};

} // namespace cdp

#endif // CDP_LOWER_CHECKS_SUPPRESSIONS_H
