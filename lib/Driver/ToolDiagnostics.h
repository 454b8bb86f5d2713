//===- ToolDiagnostics.h - Where cdp-lower's diagnostics go -----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One consumer for every diagnostic of a file, the driver's included, so
// that an `error: unknown argument` fails the file as any other error does
// (clang's tooling only counts the frontend's). It prints in the format
// the command line asks for (text or SARIF, colours, carets) and prints a
// diagnostic that several passes over the file report alike (one per GPU
// architecture) once.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_TOOLDIAGNOSTICS_H
#define CDP_LOWER_DRIVER_TOOLDIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"

#include <memory>
#include <string>
#include <vector>

namespace cdp {

class ToolDiagnostics : public clang::DiagnosticConsumer {
public:
  /// Prints to \p OS, formatted as \p CommandLine's diagnostic flags say.
  ToolDiagnostics(llvm::raw_ostream &OS,
                  const std::vector<std::string> &CommandLine);
  ~ToolDiagnostics() override;

  /// Errors reported, repeats included, since the consumer was made.
  unsigned errorsReported() const { return ErrorsReported; }

  /// The warnings and errors printed, with their notes and fix-its, in the
  /// form --export-fixes writes (clang-tidy's).
  std::vector<clang::tooling::Diagnostic> takeRecorded() {
    return std::move(Recorded);
  }

  void BeginSourceFile(const clang::LangOptions &LangOpts,
                       const clang::Preprocessor *PP) override;
  void EndSourceFile() override;
  void finish() override;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

private:
  /// Whether an identical diagnostic was printed already (by another pass).
  bool isRepeat(clang::DiagnosticsEngine::Level Level,
                const clang::Diagnostic &Info);

  llvm::raw_ostream &OS;
  std::unique_ptr<clang::DiagnosticOptions> Options;
  /// Prints what comes outside a source file (the driver's diagnostics).
  std::unique_ptr<clang::DiagnosticConsumer> TextPrinter;
  /// The SARIF printer of the current source file; it holds that file's
  /// source manager, so each file gets its own.
  std::unique_ptr<clang::DiagnosticConsumer> SarifPrinter;
  unsigned OpenSourceFiles = 0;
  unsigned ErrorsReported = 0;
  llvm::StringSet<> Printed;
  /// The last warning or error was a repeat: so are its notes.
  bool DroppingNotes = false;
  /// An idiom note was printed for the last error (NvccIdioms.h).
  bool IdiomNoted = false;
  /// Where the last error or warning is: an idiom note goes there.
  clang::SourceLocation LastErrorAt;
  /// Records \p Info (a note adds to the last record).
  /// Prints through the printer of the chosen format.
  void print(clang::DiagnosticsEngine::Level Level,
             const clang::Diagnostic &Info);
  void record(clang::DiagnosticsEngine::Level Level,
              const clang::Diagnostic &Info);
  clang::LangOptions LangOpts;
  std::vector<clang::tooling::Diagnostic> Recorded;
  /// The last warning or error was recorded (its notes join its record).
  bool LastRecorded = false;
};

} // namespace cdp

#endif // CDP_LOWER_DRIVER_TOOLDIAGNOSTICS_H
