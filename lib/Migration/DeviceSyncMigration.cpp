//===- DeviceSyncMigration.cpp - CDP1 device syncs into tail launches -----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Migration/DeviceSyncMigration.h"

#include "CudaAST/SourceSpans.h"
#include "Migration/ContinuationWriter.h"
#include "Migration/MigrationDiagnostics.h"
#include "Migration/SyncAnalysis.h"

using namespace clang;

namespace cdp {

bool migrateDeviceSyncs(ASTContext &Context, const FunctionDecl &Kernel,
                        llvm::ArrayRef<const CallExpr *> Syncs,
                        bool SingleThread, bool KeepLineNumbers,
                        SourceEdits &Edits) {
  if (Kernel.isTemplated() || Kernel.isTemplateInstantiation()) {
    report(Context.getDiagnostics(), Syncs.front()->getBeginLoc(),
           MigrationDiag::InTemplate)
        << Kernel.getName();
    return false;
  }
  // Every synchronisation is checked before any is rewritten: the kernel
  // is migrated whole or not at all.
  SourceSpans Spans(Context, Edits.file());
  std::optional<std::vector<Split>> Splits =
      SyncAnalysis(Context, Kernel, SingleThread, Spans).analyse(Syncs);
  if (!Splits)
    return false;
  ContinuationWriter(Context, Kernel, KeepLineNumbers, Edits, Spans)
      .write(*Splits);
  return true;
}

} // namespace cdp
