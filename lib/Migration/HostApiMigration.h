//===- HostApiMigration.h - The host side of a CDP1 program -----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// CDP1 programs reserve a synchronisation depth on the host
// (cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, n)), which CDP2 refuses
// with cudaErrorUnsupportedLimit and which the migrated program, where no
// grid waits, does not need; and they often use the cudaThread* names that
// CUDA 13 removed.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_MIGRATION_HOSTAPIMIGRATION_H
#define CDP_LOWER_MIGRATION_HOSTAPIMIGRATION_H

#include "Lowering/SourceEdits.h"

#include "clang/AST/ASTContext.h"

namespace cdp {

/// Migrates \p Call if it is one of those host calls; \p KeepLineNumbers
/// leaves a removed call's lines blank (MigrationOptions).
void migrateHostCall(clang::ASTContext &Context, const clang::CallExpr &Call,
                     bool KeepLineNumbers, SourceEdits &Edits);

} // namespace cdp

#endif // CDP_LOWER_MIGRATION_HOSTAPIMIGRATION_H
