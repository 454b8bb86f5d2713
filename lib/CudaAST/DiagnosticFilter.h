//===- DiagnosticFilter.h - A client in front of the client -----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks and the lowering each hold some of clang's errors back until
// they know whether to pass them on (ChecksConsumer.cpp: an error the
// check reports better; NvccAcceptedErrors.h: an error in code nvcc
// builds). Each is a filter in front of the diagnostics client: it takes
// the client's place, passes on what it does not hold, and counts as the
// client counts, so that clang's "N errors generated" and the action's
// success agree with what was reported.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_DIAGNOSTICFILTER_H
#define CDP_LOWER_CUDAAST_DIAGNOSTICFILTER_H

#include "clang/Basic/Diagnostic.h"

#include <memory>

namespace cdp {

class DiagnosticFilter : public clang::DiagnosticConsumer {
public:
  void BeginSourceFile(const clang::LangOptions &LangOpts,
                       const clang::Preprocessor *PP) override;
  /// The parse ended: what is held is passed on first.
  void EndSourceFile() override;
  void finish() override;
  void clear() override;

protected:
  /// Puts a new \p Filter (made from \p Make and the client it goes in
  /// front of) in front of \p Diags' client; it lives as long as that
  /// client does.
  template <class Filter, class MakeFilter>
  static Filter &install(clang::DiagnosticsEngine &Diags, MakeFilter Make) {
    bool Owns = Diags.ownsClient();
    std::unique_ptr<clang::DiagnosticConsumer> Taken = Diags.takeClient();
    clang::DiagnosticConsumer *Next = Owns ? Taken.get() : Diags.getClient();
    Filter *Made = Make(*Next, std::move(Taken));
    Diags.setClient(Made, /*ShouldOwnClient=*/true);
    return *Made;
  }

  DiagnosticFilter(clang::DiagnosticConsumer &Next,
                   std::unique_ptr<clang::DiagnosticConsumer> Owned)
      : Next(Next), Owned(std::move(Owned)) {}

  /// Passes \p Info on to the client, and counts as it counts.
  void passOn(clang::DiagnosticsEngine::Level Level,
              const clang::Diagnostic &Info);
  /// Passes on whatever is still held, as it came.
  virtual void passOnHeld() = 0;

private:
  clang::DiagnosticConsumer &Next;
  std::unique_ptr<clang::DiagnosticConsumer> Owned;
};

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_DIAGNOSTICFILTER_H
