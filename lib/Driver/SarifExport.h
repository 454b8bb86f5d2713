//===- SarifExport.h - --export-sarif: the run as one SARIF log -*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Code scanning services (GitHub's, GitLab's, Azure DevOps') read SARIF
// 2.1.0 and group and link results by rule. clang's own SARIF output
// (-fdiagnostics-format=sarif) is one document per compiler run, names
// the tool `clang` and gives a custom diagnostic a number for a rule. The
// export here is one document for the whole run (every file, -j too):
// the driver `cdp-lower` with its version, one rule per check (its -W
// name, summary, default level and page), clang's own diagnostics as
// clang-tidy names them (`clang-diagnostic-<flag>`), notes as related
// locations and fix-its as fixes.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_SARIFEXPORT_H
#define CDP_LOWER_DRIVER_SARIFEXPORT_H

#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace cdp {

/// The SARIF results of \p Diagnostics (as ToolDiagnostics records them).
/// Lines and columns come from the files as they are now: call it before
/// the run changes them (-i, --fix).
std::vector<llvm::json::Value>
sarifResults(llvm::ArrayRef<clang::tooling::Diagnostic> Diagnostics);

/// The SARIF 2.1.0 log of a run of cdp-lower \p Version that found
/// \p Results (of sarifResults, every file's); JSON text.
std::string sarifLog(llvm::ArrayRef<llvm::json::Value> Results,
                     llvm::StringRef Version);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_SARIFEXPORT_H
