//===- CustomDiagnostic.cpp - Reporting what clang has no ID for ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/CustomDiagnostic.h"

namespace cdp {

clang::DiagnosticBuilder reportCustom(clang::DiagnosticsEngine &Diags,
                                      clang::SourceLocation Loc,
                                      clang::DiagnosticIDs::Level Level,
                                      llvm::StringRef Format) {
  // clang keeps one ID per level and format, however often it is asked.
  return Diags.Report(Loc,
                      Diags.getDiagnosticIDs()->getCustomDiagID(Level, Format));
}

TableReport::TableReport(clang::DiagnosticsEngine &Diags,
                         clang::SourceLocation Loc,
                         const TableDiagnostic &Diagnostic)
    : Diags(Diags), Loc(Loc), Remedy(Diagnostic.Remedy) {
  Message.emplace(
      reportCustom(Diags, Loc, Diagnostic.Level, Diagnostic.Message));
}

TableReport::~TableReport() {
  Message.reset(); // Reports it.
  if (!Remedy.empty())
    reportCustom(Diags, Loc, clang::DiagnosticIDs::Note, Remedy);
}

} // namespace cdp
