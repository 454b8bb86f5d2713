//===- FileRun.h - Run a frontend action on one input file ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What clang::tooling::ClangTool does for one file, with three differences.
// A command is parsed once per GPU architecture it builds for (clang's
// device side parses one at a time), and an nvcc command is first read as
// clang's (NvccCommandLine.h). Every diagnostic, the driver's included,
// counts: ClangTool let an `error: unknown argument` pass. And the path is
// not made "native", which on POSIX turned a backslash in a file name into
// a directory separator.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_FILERUN_H
#define CDP_LOWER_DRIVER_FILERUN_H

#include "Driver/ToolDiagnostics.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cdp {

/// One parse of an input file: for one compile command of it and one GPU
/// architecture.
/// A file that a parse reads with other contents than it has on disk.
struct SourceOverride {
  std::string Path; ///< Absolute.
  llvm::StringRef Text;
};

struct FileParse {
  std::string Directory;
  std::vector<std::string> CommandLine;
  /// The build's PTX that GPUs from sm_90 on JIT-compile, when it is below
  /// sm_90 (CompileFlags.h): the same for each architecture of a command.
  unsigned PtxJitArchitecture = 0;
  /// Skip the bodies of functions in system headers (SystemBodySkipping.h).
  bool SkipSystemBodies = false;
};

/// The parses of \p Input: each compile command \p Database has for it,
/// translated from nvcc's flags where it runs nvcc, adjusted by
/// \p Adjuster, and split by GPU architecture. Notes on dropped nvcc flags
/// go to \p Notes. With \p NvccFlags, every command's flags are nvcc's,
/// whatever its program (the flags after `--` of --nvcc-flags).
llvm::Expected<std::vector<FileParse>>
parsesOf(const clang::tooling::CompilationDatabase &Database,
         llvm::StringRef Input,
         const clang::tooling::ArgumentsAdjuster &Adjuster,
         llvm::raw_ostream &Notes, bool NvccFlags = false);

/// Runs \p Factory's action for \p Parse, reporting through \p Diagnostics;
/// false when it reported an error (the driver's included). The files of
/// \p Overrides are read with their texts.
bool runParse(const FileParse &Parse,
              clang::tooling::FrontendActionFactory &Factory,
              ToolDiagnostics &Diagnostics,
              llvm::ArrayRef<SourceOverride> Overrides = {});

} // namespace cdp

#endif // CDP_LOWER_DRIVER_FILERUN_H
