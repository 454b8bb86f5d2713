//===- WrittenText.h - The text of source as the user wrote it --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lowering copies arguments, default arguments and configuration into
// the code it writes, and the PDL search compares expressions by their
// text: all as written in the file, through macro arguments.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_WRITTENTEXT_H
#define CDP_LOWER_CUDAAST_WRITTENTEXT_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace clang {
class LangOptions;
class SourceManager;
} // namespace clang

namespace cdp {

/// The file text of the tokens of \p Range; empty when they are not in one
/// file (part of them comes from a macro body).
std::string writtenText(clang::SourceRange Range,
                        const clang::SourceManager &SM,
                        const clang::LangOptions &LangOpts);
/// The file text of the characters or tokens of \p Range (a preprocessor
/// condition's range is of characters); empty as above.
std::string writtenText(clang::CharSourceRange Range,
                        const clang::SourceManager &SM,
                        const clang::LangOptions &LangOpts);

/// The offset in \p Buffer of the first character of the line that holds
/// \p Offset (the character after the last newline before it).
size_t lineStartOffset(llvm::StringRef Buffer, size_t Offset);

/// The blanks (spaces and tabs) that start the line of \p Buffer holding
/// \p Offset: the indentation that text inserted on its own line there
/// takes.
std::string lineIndentation(llvm::StringRef Buffer, unsigned Offset);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_WRITTENTEXT_H
