//===- LoweringDiagnostics.h - Diagnostics of the lowering ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The errors that stop a launch from being lowered. They go through clang's
// diagnostic engine, so they print as `file:line:col: error: ...` with the
// source line and a caret, like any clang error.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_LOWERINGDIAGNOSTICS_H
#define CDP_LOWER_LOWERING_LOWERINGDIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"

namespace cdp {

enum class LoweringDiag {
  LaunchInMacroBody,
  MacroUseNotLaunch,
  MacroDefinedHere,
  HostDeviceLaunchNotStatement,
  LaunchOutsideMainFile,
  LaunchInUnselectedHeader,
  LaunchForOtherArchitecture,
  ParamBufferTooLarge,
  NonTrivialCopy,
  UnknowableLayout,
  MemberDeclaredHere,
  DeducedKernelInDependentLaunch,
  KernelDeclaredHere,
  ProgrammaticLaunchNotStatement,
  ProgrammaticLaunchInMacro,
  ProgrammaticMarkerOnDeviceLaunch,
  OverlappingRewrites,
  UnwritableParameterType,
  AggregationRefused,
  LaunchNotAggregated,
  AggregationObstacle,
  LaunchNotThresholded,
  NeedsCpp14,
  NeedsCpp17,
};

/// Starts a diagnostic of kind \p Kind at \p Loc; stream its arguments in.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine &Diags,
                                clang::SourceLocation Loc, LoweringDiag Kind);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_LOWERINGDIAGNOSTICS_H
