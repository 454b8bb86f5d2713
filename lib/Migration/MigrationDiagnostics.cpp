//===- MigrationDiagnostics.cpp - Why a CDP1 construct is not migrated ----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Migration/MigrationDiagnostics.h"

using namespace clang;

namespace cdp {

static const TableDiagnostic MigrationDiagnostics[] = {
#define MIGRATION_DIAG(Name, Level, Message, Remedy)                           \
  {DiagnosticIDs::Level, Message, Remedy},
#include "Migration/MigrationDiagnostics.def"
};

TableReport report(DiagnosticsEngine &Diags, SourceLocation Loc,
                   MigrationDiag Kind) {
  return reportRow(Diags, Loc, MigrationDiagnostics, Kind);
}

} // namespace cdp
