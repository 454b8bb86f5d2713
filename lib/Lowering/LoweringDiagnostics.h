//===- LoweringDiagnostics.h - Diagnostics of the lowering ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The errors that stop a launch from being lowered, and the warnings of the
// transforms. They go through clang's diagnostic engine, so they print as
// `file:line:col: error: ...` with the source line and a caret, like any
// clang error. Each is a row of LoweringDiagnostics.def.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_LOWERINGDIAGNOSTICS_H
#define CDP_LOWER_LOWERING_LOWERINGDIAGNOSTICS_H

#include "CudaAST/CustomDiagnostic.h"

namespace cdp {

enum class LoweringDiag {
#define LOWERING_DIAG(Name, Level, Message, Remedy) Name,
#include "Lowering/LoweringDiagnostics.def"
};

/// Starts a diagnostic of kind \p Kind at \p Loc; stream its arguments in.
TableReport report(clang::DiagnosticsEngine &Diags, clang::SourceLocation Loc,
                   LoweringDiag Kind);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_LOWERINGDIAGNOSTICS_H
