//===- SourceEdits.h - The edits that lower one file ------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A launch is lowered by a handful of small edits (the `<<<`, the `>>>`,
// each comma between arguments, the closing parenthesis), so that the
// arguments keep their bytes and a launch inside an argument (in a lambda)
// is lowered in place as well. clang's Rewriter keeps edits in a rope and a
// delta tree, updated at every edit: at 10,000 launches that was half of
// the lowering's time. The edits here are only collected, and applied to
// the file in one pass at the end.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_SOURCEEDITS_H
#define CDP_LOWER_LOWERING_SOURCEEDITS_H

#include "Lowering/TextEdit.h"

#include "clang/Basic/SourceLocation.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class SourceManager;
} // namespace clang

namespace cdp {

class SourceEdits {
public:
  /// Edits to \p File, made at locations in it (not macro locations).
  SourceEdits(const clang::SourceManager &SM, clang::FileID File)
      : SM(SM), File(File) {}

  /// Inserts \p Text at \p Loc. Insertions at one place keep the order in
  /// which they were made, before a replacement that starts there.
  void insert(clang::SourceLocation Loc, std::string Text);
  /// Inserts \p Text at \p Loc ahead of the insertions already made
  /// there: the runtime's include, which a declaration inserted at the
  /// same place (a template at the file's first line) needs.
  void insertFirst(clang::SourceLocation Loc, std::string Text);
  /// Replaces the \p Length characters at \p Loc with \p Text.
  void replace(clang::SourceLocation Loc, unsigned Length, std::string Text);
  /// Replaces the characters of \p Range (a character range) with \p Text.
  void replace(clang::CharSourceRange Range, std::string Text);

  bool empty() const { return Edits.empty(); }
  clang::FileID file() const { return File; }

  /// The edits as offsets, sorted (insertions at one place in the order
  /// made, before a replacement that starts there); nothing, after
  /// reporting through \p Diags, when two edits overlap (a launch lowered
  /// inside text that another lowering replaces whole).
  std::optional<std::vector<TextEdit>>
  resolve(clang::DiagnosticsEngine &Diags) const;

  /// The text of \p Range (a character range) with the edits made so far
  /// that lie inside it; nothing when one straddles its ends. An aggregated
  /// kernel copies its original's body so, nested launches lowered.
  std::optional<std::string>
  textAfterEdits(clang::CharSourceRange Range,
                 clang::DiagnosticsEngine &Diags) const;

private:
  struct Edit {
    clang::SourceLocation Loc;
    unsigned Length;
    std::string Text;
  };

  const clang::SourceManager &SM;
  clang::FileID File;
  std::vector<Edit> Edits;
};

} // namespace cdp

#endif // CDP_LOWER_LOWERING_SOURCEEDITS_H
