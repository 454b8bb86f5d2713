//===- ProcessFile.h - What the command does to one input -------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One input file, from its compile commands to what is written: the parses
// (FileRun.h) and the scan that decides which run (LaunchScan.h), the CDP1
// migration, the checks and the lowering of every parse (LowerFile.h),
// fix-its, and the lowered file. tools/cdp-lower reads the options into a
// FileJob and runs this for each input, one at a time or under -j.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_PROCESSFILE_H
#define CDP_LOWER_DRIVER_PROCESSFILE_H

#include "Driver/LowerLaunchesAction.h"
#include "Driver/WriteLowered.h"

#include "Checks/CheckOptions.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Core/Diagnostic.h"
#include "llvm/Support/JSON.h"

#include <string>
#include <vector>

namespace cdp {

/// What the command asks of every input.
struct FileJob {
  FileJob(const clang::tooling::CompilationDatabase &Database,
          clang::tooling::ArgumentsAdjuster Adjuster,
          const LoweringOptions &Options, const CheckOptions &Checks,
          WriteOptions Where)
      : Database(Database), Adjuster(std::move(Adjuster)), Options(Options),
        Checks(Checks), Where(std::move(Where)) {}

  const clang::tooling::CompilationDatabase &Database;
  clang::tooling::ArgumentsAdjuster Adjuster;
  const LoweringOptions &Options;
  const CheckOptions &Checks;
  WriteOptions Where;
  /// The database's flags are nvcc's (--nvcc-flags' `--`).
  bool FlagsAreNvccs = false;
  /// --nvcc-flags: nvcc compiles the file next (LaunchScan.h).
  bool NvccFlags = false;
  bool PrintCommands = false, PrintParamLayout = false;
  bool MigrateCdp1 = false;
  std::string HeaderFilter;
  bool CheckOnly = false, Fix = false, FixErrors = false;
  bool ExportFixes = false, ExportSarif = false;
  /// The edits apply to the originals (-i, --export-fixes).
  bool EditsInPlace = false;
  /// A lowered file is written (-o or -i).
  bool WritesLowered = false;
};

/// What processing one input found.
struct FileReport {
  bool Failed = false;
  unsigned Launches = 0;
  /// What --export-fixes writes.
  std::vector<clang::tooling::Diagnostic> Exported;
  /// What --export-sarif writes.
  std::vector<llvm::json::Value> Sarif;
};

/// Does \p Job to \p Input, reporting errors on the file's streams
/// (ToolStreams.h).
FileReport processFile(const std::string &Input, const FileJob &Job);

/// Whether \p Found holds an error of clang's own that no check reported
/// at the same place. As clang-tidy, --fix leaves a file the compiler
/// rejects alone: its fix-its may be wrong, and clang's are guesses. An
/// error a check explains is the check's finding (a device-side
/// cudaDeviceSynchronize() under CDP2 is also an overload error).
bool hasCompilerErrors(llvm::ArrayRef<clang::tooling::Diagnostic> Found);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_PROCESSFILE_H
