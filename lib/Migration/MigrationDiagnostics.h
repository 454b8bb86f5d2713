//===- MigrationDiagnostics.h - Refusals of --migrate-cdp1 ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The refusals of --migrate-cdp1. Each names the condition that fails and
// the line that makes it fail, through clang's diagnostic engine. Each is a
// row of MigrationDiagnostics.def.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_MIGRATION_MIGRATIONDIAGNOSTICS_H
#define CDP_LOWER_MIGRATION_MIGRATIONDIAGNOSTICS_H

#include "CudaAST/CustomDiagnostic.h"

namespace cdp {

enum class MigrationDiag {
#define MIGRATION_DIAG(Name, Level, Message, Remedy) Name,
#include "Migration/MigrationDiagnostics.def"
};

/// Starts a diagnostic of kind \p Kind at \p Loc; stream its arguments in.
TableReport report(clang::DiagnosticsEngine &Diags, clang::SourceLocation Loc,
                   MigrationDiag Kind);

} // namespace cdp

#endif // CDP_LOWER_MIGRATION_MIGRATIONDIAGNOSTICS_H
