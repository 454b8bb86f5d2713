//===- AllChecks.h - Running every enabled check ----------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one entry point the tool and the clang plugin share: both call
// runChecks() on a parsed translation unit, so they report the same
// problems with the same words and flags.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_ALLCHECKS_H
#define CDP_LOWER_CHECKS_ALLCHECKS_H

#include "Checks/CheckOptions.h"

namespace clang {
class ASTContext;
class Preprocessor;
} // namespace clang

namespace cdp {

class PragmaDiagnosticRegions;

class SkippedCode;

/// Runs every check \p Options enables over the code of \p Context that is
/// not in a system header. Problems go to the context's diagnostics engine.
/// \p Skipped, when given, is what the preprocessor skipped while parsing
/// (the PDL checks use it to find a wait compiled out for this target).
void runChecks(clang::ASTContext &Context, clang::Preprocessor &PP,
               const CheckOptions &Options,
               const SkippedCode *Skipped = nullptr,
               const PragmaDiagnosticRegions *Pragmas = nullptr);

} // namespace cdp

#endif // CDP_LOWER_CHECKS_ALLCHECKS_H
