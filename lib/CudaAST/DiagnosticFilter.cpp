//===- DiagnosticFilter.cpp - A client in front of the client -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/DiagnosticFilter.h"

using namespace clang;

namespace cdp {

void DiagnosticFilter::BeginSourceFile(const LangOptions &LangOpts,
                                       const Preprocessor *PP) {
  Next.BeginSourceFile(LangOpts, PP);
}

void DiagnosticFilter::EndSourceFile() {
  passOnHeld();
  Next.EndSourceFile();
}

void DiagnosticFilter::finish() {
  passOnHeld();
  Next.finish();
}

void DiagnosticFilter::clear() {
  Next.clear();
  DiagnosticConsumer::clear();
}

void DiagnosticFilter::passOn(DiagnosticsEngine::Level Level,
                              const Diagnostic &Info) {
  Next.HandleDiagnostic(Level, Info);
  NumErrors = Next.getNumErrors();
  NumWarnings = Next.getNumWarnings();
}

} // namespace cdp
