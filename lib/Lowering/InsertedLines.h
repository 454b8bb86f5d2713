//===- InsertedLines.h - Whole lines of generated code ----------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The aggregated and the serial copies of a kernel (its body, as lowered)
// are written on lines of their own after its definition (and declared before
// its first declaration where a launch comes first), followed by `#line`, so
// that nvcc's messages about the code after them keep their line numbers.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_INSERTEDLINES_H
#define CDP_LOWER_LOWERING_INSERTEDLINES_H

#include "Lowering/SourceEdits.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace cdp {

/// Inserts \p Lines after the token at \p Loc: at the end of its line when
/// nothing but a comment follows it there, followed by `#line` so that the
/// next lines keep their numbers. \p Verbatim: \p Lines brings its own
/// leading line breaks.
void insertLinesAfter(const clang::SourceManager &SM, SourceEdits &Edits,
                      clang::SourceLocation Loc, const std::string &Lines,
                      bool Verbatim = false);

/// The text of \p Function's body, braces included, with the edits made
/// inside it so far (its own launches lowered): what a copy of it writes.
/// Nothing after reporting an edit that straddles the body's ends.
std::optional<std::string> bodyAfterEdits(const clang::FunctionDecl &Function,
                                          clang::ASTContext &Context,
                                          const SourceEdits &Edits);

/// Inserts \p Declaration on the lines before \p D's.
void declareBefore(const clang::SourceManager &SM, SourceEdits &Edits,
                   const clang::FunctionDecl &D,
                   const std::string &Declaration);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_INSERTEDLINES_H
