//===- DeviceSyncMigration.h - Device syncs into tail launches --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Rewrites the device-side cudaDeviceSynchronize() calls of one kernel for
// CDP2, where a parent can no longer wait for its children:
//
//  - a call after which nothing runs is removed (a grid completes only when
//    its children have);
//  - otherwise the code after it becomes a continuation kernel, launched
//    into cudaStreamTailLaunch, which starts once the parent grid and all
//    the work it launched (children, their descendants and their own tail
//    launches) have completed. Two shapes:
//
//    per thread: each thread that reaches the call launches its own
//      continuation <<<1, 1>>>, which is handed the thread's live values
//      and runs the rest of its code, loops included (a loop around the
//      call becomes a chain of tail launches). Right when the rest does not
//      depend on the thread's place in the grid (no index variables, no
//      block-wide synchronisation or shared memory), or when the kernel
//      only ever runs one thread.
//    whole grid: the first thread of the grid launches one continuation of
//      the grid's shape; each of its threads computes its values again from
//      the parameters and its indices. Right when every thread reaches the
//      call's statement (at the kernel's top level, or in an 'if' there),
//      and every value it needs can be computed again.
//
// Anything else is refused with the condition that fails (see
// MigrationDiagnostics.h). The conditions are in docs/migration.md.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_MIGRATION_DEVICESYNCMIGRATION_H
#define CDP_LOWER_MIGRATION_DEVICESYNCMIGRATION_H

#include "Lowering/SourceEdits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <vector>

namespace cdp {

/// Migrates the calls \p Syncs (in source order) of \p Kernel. Edits go
/// into \p Edits; a refusal is reported and makes the result false.
/// \p SingleThread: every launch of the kernel in the file is <<<1, 1>>>.
/// \p KeepLineNumbers: see MigrationOptions.
bool migrateDeviceSyncs(clang::ASTContext &Context,
                        const clang::FunctionDecl &Kernel,
                        llvm::ArrayRef<const clang::CallExpr *> Syncs,
                        bool SingleThread, bool KeepLineNumbers,
                        SourceEdits &Edits);

} // namespace cdp

#endif // CDP_LOWER_MIGRATION_DEVICESYNCMIGRATION_H
