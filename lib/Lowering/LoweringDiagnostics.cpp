//===- LoweringDiagnostics.cpp - Diagnostics of the lowering --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/LoweringDiagnostics.h"

using namespace clang;

namespace cdp {

static const TableDiagnostic LoweringDiagnostics[] = {
#define LOWERING_DIAG(Name, Level, Message, Remedy)                            \
  {DiagnosticIDs::Level, Message, Remedy},
#include "Lowering/LoweringDiagnostics.def"
};

TableReport report(DiagnosticsEngine &Diags, SourceLocation Loc,
                   LoweringDiag Kind) {
  return reportRow(Diags, Loc, LoweringDiagnostics, Kind);
}

} // namespace cdp
