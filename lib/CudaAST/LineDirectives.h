//===- LineDirectives.h - Keeping the input's line numbers ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every rewrite that adds lines (a lowered launch, an aggregated kernel, a
// declaration before a function) follows them with `#line`, so that nvcc's
// messages about the output point at the user's lines. The numbers are
// worked out here, once. They are presumed line numbers: what the file's
// own `#line` directives say (generated code, or a migrated text whose
// added kernels are followed by them), which is the physical line in a
// file that has none.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_LINEDIRECTIVES_H
#define CDP_LOWER_CUDAAST_LINEDIRECTIVES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace clang {
class SourceManager;
} // namespace clang

namespace cdp {

/// Whether nothing but spaces or a `//` comment follows the character at
/// \p Last on its line.
bool onlyCommentFollows(const clang::SourceManager &SM,
                        clang::SourceLocation Last);

/// The `#line` to insert on a line of its own right after the character at
/// \p Last, so that what follows keeps its numbers: `#line N+1` when only a
/// comment follows on \p Last's line N (it may stay on the directive), or
/// `#line N`, a line break and \p Indent, which put the code that follows
/// on a line of its own.
std::string lineDirectiveAfter(const clang::SourceManager &SM,
                               clang::SourceLocation Last,
                               llvm::StringRef Indent);

/// `#line N` and a line break, for text inserted at the start of \p Loc's
/// line N.
std::string lineDirectiveAt(const clang::SourceManager &SM,
                            clang::SourceLocation Loc);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_LINEDIRECTIVES_H
