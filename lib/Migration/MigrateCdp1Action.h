//===- MigrateCdp1Action.h - Rewrite CDP1 code for CDP2 ---------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --migrate-cdp1: the edits that turn a file written for CDP1 into CDP2
// source, still written with <<<>>> (the lowering runs on the result):
// device-side cudaDeviceSynchronize() calls become tail launches of
// continuation kernels (DeviceSyncMigration.h), the host's
// cudaLimitDevRuntimeSyncDepth goes, and the host APIs that CUDA removed
// with CDP1 (cudaThreadSynchronize, cudaThreadExit, ...) get their
// replacements. The driver's parse force-includes cdp1-compat.h
// (Driver/ParseOnlyHeaders.h), which declares what CDP1 code calls and
// CUDA 13's headers no longer declare.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_MIGRATION_MIGRATECDP1ACTION_H
#define CDP_LOWER_MIGRATION_MIGRATECDP1ACTION_H

#include "Lowering/TextEdit.h"

#include "clang/Frontend/FrontendAction.h"

#include <string>
#include <vector>

namespace cdp {

/// A file the input includes that --header-filter selects and the
/// migration changes: calls of the removed host API, and the device-side
/// waits of the kernels it holds.
struct MigratedHeader {
  std::string Path;     ///< Absolute.
  std::string Original; ///< As parsed.
  std::vector<TextEdit> Edits;
};

struct MigrationOptions {
  /// Selects the headers migrated too (SelectedHeaders.h).
  std::string HeaderFilter;
  /// The migrated text goes on to be lowered, not back into the user's
  /// source: each line after a rewrite keeps its number (a removed
  /// statement leaves its lines blank, added kernels are followed by
  /// `#line`), so that __LINE__ and nvcc's messages name the user's lines.
  bool KeepLineNumbers = false;
};

struct MigratedFile {
  bool Succeeded = false;
  std::string Original;        ///< The main file as parsed.
  std::vector<TextEdit> Edits; ///< What migrates it.
  std::vector<MigratedHeader> Headers;
};

class MigrateCdp1Action : public clang::ASTFrontendAction {
public:
  MigrateCdp1Action(const MigrationOptions &Options, MigratedFile &Result)
      : Options(Options), Result(Result) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef InFile) override;

private:
  MigrationOptions Options;
  MigratedFile &Result;
};

} // namespace cdp

#endif // CDP_LOWER_MIGRATION_MIGRATECDP1ACTION_H
