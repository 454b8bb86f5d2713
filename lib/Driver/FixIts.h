//===- FixIts.h - Fix-its for other tools, and --fix ------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --export-fixes writes clang-tidy's YAML (clang-apply-replacements applies
// it): the findings with their notes and fix-its, and the lowering as
// replacements of the original files. --fix applies the fix-its in place.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_FIXITS_H
#define CDP_LOWER_DRIVER_FIXITS_H

#include "Driver/LowerFile.h"

#include "clang/Tooling/Core/Diagnostic.h"

namespace cdp {

/// \p Path, absolute and without `.` and `..`, as the YAML names files.
std::string absoluteFilePath(llvm::StringRef Path);

/// The lowering (or migration) of \p Input as one diagnostic, saying
/// \p What, whose fix replaces the input and its lowered headers in place.
clang::tooling::Diagnostic loweringAsDiagnostic(
    llvm::StringRef Input, const LoweredInput &Lowered,
    llvm::StringRef What = "device-side launches lowered by cdp-lower");

/// Applies the fix-its of \p FixIts (and of their notes) to their files in
/// place; false after reporting a file that could not be fixed.
bool applyFixIts(llvm::ArrayRef<clang::tooling::Diagnostic> FixIts);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_FIXITS_H
