//===- SkippedCode.h - What the preprocessor left out -----------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A PDL secondary whose cudaGridDependencySynchronize() sits in an `#if`
// branch not taken for this target, or in a macro whose waiting definition
// is the one not taken, has no wait in the AST at all. These are the places
// the preprocessor skipped, recorded while it runs, so a check can point at
// the condition that removed the wait.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_PDL_SKIPPEDCODE_H
#define CDP_LOWER_PDL_SKIPPEDCODE_H

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <vector>

namespace clang {
class Preprocessor;
class Token;
} // namespace clang

namespace cdp {

class SkippedCode {
public:
  /// Starts recording what \p PP skips into this object, which must
  /// outlive the preprocessing.
  void recordFrom(clang::Preprocessor &PP);

  struct Mention {
    clang::SourceLocation Directive; ///< The `#if` (or `#else`) skipped from.
    clang::SourceLocation Word;      ///< Where \p Word is written.
  };
  /// Where \p Word is written in skipped code between \p Begin and \p End
  /// (file locations of one file).
  std::vector<Mention> mentionsBetween(clang::SourceLocation Begin,
                                       clang::SourceLocation End,
                                       llvm::StringRef Word) const;

  /// The `<<<` written in skipped code of \p File whose `#if` chain
  /// compares `__CUDA_ARCH__` (`#if __CUDA_ARCH__ < 900`, its `#else`):
  /// code that a parse for another GPU architecture compiles.
  std::vector<Mention> launchesForOtherArchitectures(clang::FileID File) const;

  /// The skipped `#define` of \p Macro whose body mentions \p Word, if any.
  clang::SourceLocation skippedDefinitionMentioning(llvm::StringRef Macro,
                                                    llvm::StringRef Word) const;

private:
  class Recorder;
  struct Region {
    clang::SourceRange Range;
    llvm::StringRef Text;
    /// The conditions of its `#if`/`#elif` chain, as written.
    std::string Conditions;
  };
  /// Calls \p Visit with each raw token of \p R and its spelling.
  void forEachRawToken(
      const Region &R,
      llvm::function_ref<void(const clang::Token &, llvm::StringRef)> Visit)
      const;

  const clang::SourceManager *SM = nullptr;
  const clang::LangOptions *LangOpts = nullptr;
  std::vector<Region> Regions;
  /// The conditions of each `#if` chain, by the chain's `#if`.
  std::map<clang::SourceLocation, std::string> ChainConditions;
  /// The `#if` of the chain of each directive, by the directive's line.
  std::map<std::pair<clang::FileID, unsigned>, clang::SourceLocation>
      ChainOfLine;
};

} // namespace cdp

#endif // CDP_LOWER_PDL_SKIPPEDCODE_H
