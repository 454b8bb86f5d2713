//===- CustomDiagnostic.h - Reporting what clang has no ID for --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks, the lowering and the migration report through clang's
// diagnostic engine, so each message has clang's location, caret, ranges,
// notes and fix-its. clang has no IDs for them: each is a custom diagnostic,
// made here from its level and its format (clang's %0 syntax).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_CUSTOMDIAGNOSTIC_H
#define CDP_LOWER_CUDAAST_CUSTOMDIAGNOSTIC_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"

namespace cdp {

/// Reports \p Format at \p Level, at \p Loc (none: a message about no place
/// in the source); the caller streams the arguments in.
clang::DiagnosticBuilder reportCustom(clang::DiagnosticsEngine &Diags,
                                      clang::SourceLocation Loc,
                                      clang::DiagnosticIDs::Level Level,
                                      llvm::StringRef Format);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_CUSTOMDIAGNOSTIC_H
