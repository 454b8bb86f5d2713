//===- LoweringDiagnostics.cpp - Diagnostics of the lowering --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/LoweringDiagnostics.h"

#include <cassert>
#include <iterator>

using namespace clang;

namespace cdp {

static const TableDiagnostic LoweringDiagnostics[] = {
#define LOWERING_DIAG(Name, Level, Message, Remedy)                            \
  {DiagnosticIDs::Level, Message, Remedy},
#include "Lowering/LoweringDiagnostics.def"
};

TableReport report(DiagnosticsEngine &Diags, SourceLocation Loc,
                   LoweringDiag Kind) {
  assert(static_cast<unsigned>(Kind) < std::size(LoweringDiagnostics) &&
         "every LoweringDiag has its row");
  return TableReport(Diags, Loc,
                     LoweringDiagnostics[static_cast<unsigned>(Kind)]);
}

} // namespace cdp
