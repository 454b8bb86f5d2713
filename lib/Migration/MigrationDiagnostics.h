//===- MigrationDiagnostics.h - Refusals of --migrate-cdp1 ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The refusals of --migrate-cdp1. Each names the condition that fails and
// the line that makes it fail, through clang's diagnostic engine.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_MIGRATION_MIGRATIONDIAGNOSTICS_H
#define CDP_LOWER_MIGRATION_MIGRATIONDIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

namespace cdp {

enum class MigrationDiag {
  ResultUsed,
  NotInKernel,
  InMacro,
  InTemplate,
  UnsupportedStatement,
  JumpLeavesLoop,
  UncarriableValue,
  SharedMemoryCarried,
  PerThreadValue,
  ThreadMayReturn,
  NestedWholeGridSplit,
  ParameterChanged,
  DynamicSharedMemory,
  DeclaredHere,
  ContinuationNeedsGrid,
};

/// Starts a diagnostic of kind \p Kind at \p Loc; stream its arguments in.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &Diags,
                                clang::SourceLocation Loc, MigrationDiag Kind);

} // namespace cdp

#endif // CDP_LOWER_MIGRATION_MIGRATIONDIAGNOSTICS_H
