//===- LaunchTokens.h - The tokens a lowered launch replaces ----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A lowering edits only the tokens around a launch's operands: the callee's
// start, `<<<`, `>>>(`, the commas between the arguments and the closing
// `)`. Each must be written in the file being lowered, outside any macro
// body (inside a macro argument is fine); otherwise the launch is reported.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_LAUNCHTOKENS_H
#define CDP_LOWER_LOWERING_LAUNCHTOKENS_H

#include "clang/Basic/SourceLocation.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace cdp {

class LaunchSite;

/// A launch's chevrons with the spaces and tabs around them on their line
/// (`k <<< 1, 32 >>> (p)`), which go with them: a lowered launch reads
/// `k, {1, 32})` and not `k , {1, 32 })`.
struct SpacedChevrons {
  clang::SourceLocation LessBegin;
  unsigned LessLength = 3;
  /// The end of the configuration's last operand.
  clang::SourceLocation GreaterBegin;
};

/// The spaced chevrons of a launch whose callee's text ends at \p CalleeEnd
/// (past its last character): a comment or a line break stays where it is.
SpacedChevrons spacedChevrons(const clang::SourceManager &SM,
                              clang::SourceLocation CalleeEnd,
                              clang::SourceLocation TripleLess,
                              clang::SourceLocation TripleGreater);

/// The file positions of the tokens of a launch that the rewrite replaces.
struct LaunchTokens {
  clang::SourceLocation CalleeBegin;
  clang::SourceLocation CalleeEnd;     ///< past the callee's text
  clang::SourceLocation TripleLess;    ///< `<<<`
  clang::SourceLocation TripleGreater; ///< `>>>`
  clang::SourceLocation ArgsLParen;    ///< `(` after `>>>`
  clang::SourceLocation RParen;        ///< the launch's closing `)`
  /// The chevrons with the spaces around them.
  SpacedChevrons Spaced;
  /// Between the written arguments.
  llvm::SmallVector<clang::SourceLocation, 8> Commas;
  /// The arguments are not separated in the file (one macro supplies them
  /// together): pass them in one list.
  bool WholeList = false;
};

/// The tokens of \p Site's launch; nothing, after reporting, when one is
/// not in the file being lowered.
std::optional<LaunchTokens> locateLaunchTokens(LaunchSite &Site);

/// Reports that the launch's text at \p Loc cannot be rewritten: it lies
/// in a macro body or in another file.
void reportUnrewritableLocation(LaunchSite &Site, clang::SourceLocation Loc);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_LAUNCHTOKENS_H
