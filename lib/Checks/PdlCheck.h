//===- PdlCheck.h - Checks about Programmatic Dependent Launch --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The base of the checks about the kernels of PDL launches (see
// Pdl/ProgrammaticLaunch.h): a secondary launched with programmatic
// stream serialization may start before its primary finishes, so it must
// wait with cudaGridDependencySynchronize() before it reads what the primary
// writes. The checks run once the whole translation unit is known, because a
// launch and its kernels are in different functions. Each kernel is checked
// once, with its first PDL launch named in a note.
//
// On targets below sm_90 a PDL launch is fully serialized (and the wait does
// not assemble), so the secondary checks are quiet there.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_PDLCHECK_H
#define CDP_LOWER_CHECKS_PDLCHECK_H

#include "Checks/Check.h"
#include "Pdl/GridDependency.h"
#include "Pdl/ProgrammaticLaunch.h"

#include <optional>
#include <string>

namespace cdp {

class PdlCheck : public Check {
public:
  using Check::Check;

  void checkTranslationUnit() override;
  /// No matchers: everything happens in checkTranslationUnit().
  void run(const clang::ast_matchers::MatchFinder::MatchResult &) override {}

protected:
  /// A kernel launched as a secondary (programmatic stream serialization).
  virtual void checkSecondary(const clang::FunctionDecl & /*Kernel*/,
                              const ProgrammaticLaunch & /*Launch*/,
                              const GridDependencyAnalysis & /*Analysis*/) {}
  /// A secondary with the launch before it in its stream.
  virtual void checkPrimary(const clang::FunctionDecl & /*Primary*/,
                            const clang::FunctionDecl & /*Secondary*/,
                            const ProgrammaticLaunch & /*Launch*/) {}

  /// "'consumer'" (with template arguments when it has them).
  static std::string kernelName(const clang::FunctionDecl &Kernel);
  /// The note naming the launch that made \p Kernel a secondary.
  void noteLaunch(const ProgrammaticLaunch &Launch);
  /// A note per branch of \p Path, and at its early return.
  void notePath(const BodyPath &Path, llvm::StringRef Waiting);

  /// Where the wait of \p Kernel was removed by the preprocessor for this
  /// target: inside an `#if` branch not taken, or in a macro whose waiting
  /// definition is the one not taken.
  struct CompiledOutWait {
    clang::SourceLocation Use;   ///< The wait (or macro) in the body.
    clang::SourceLocation Cause; ///< The `#if`, or the skipped `#define`.
    std::string Macro;           ///< The macro, when it is one.
  };
  std::optional<CompiledOutWait>
  compiledOutWait(const clang::FunctionDecl &Kernel) const;

  /// The target as "sm_90".
  std::string targetName() const;
};

} // namespace cdp

#endif // CDP_LOWER_CHECKS_PDLCHECK_H
