//===- SyncAnalysis.h - Whether and how a device sync migrates --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The analysis half of --migrate-cdp1 on one kernel: for each of its
// device-side cudaDeviceSynchronize() calls, where the call stands, which
// code runs after it, whether that code needs the whole grid (then the
// continuation has the grid's shape) or runs per thread, and what values
// it needs. Every condition of DeviceSyncMigration.h is checked here; a
// failed one is reported with MigrationDiagnostics.def's row.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_MIGRATION_SYNCANALYSIS_H
#define CDP_LOWER_MIGRATION_SYNCANALYSIS_H

#include "CudaAST/KernelValues.h"
#include "CudaAST/SourceSpans.h"
#include "Migration/MigrationDiagnostics.h"
#include "Migration/SyncSplit.h"

#include "clang/AST/ASTContext.h"

#include <optional>
#include <vector>

namespace cdp {

class SyncAnalysis {
public:
  SyncAnalysis(clang::ASTContext &Context, const clang::FunctionDecl &Kernel,
               bool SingleThread, const SourceSpans &Spans);

  /// Each of \p Syncs, in order, with what it becomes; nothing, after
  /// reporting why, when one cannot be migrated.
  std::optional<std::vector<Split>>
  analyse(llvm::ArrayRef<const clang::CallExpr *> Syncs);

  /// Whether \p Loc lies in the code that moves into \p S's continuation.
  bool inCopied(const Split &S, clang::SourceLocation Loc) const;

private:
  /// \p E with the parentheses, implicit conversions and casts to void
  /// around it.
  const clang::Stmt *outermostWrapOf(const clang::Stmt *E) const;
  /// The 'if' that tests \p Call's result against cudaSuccess, without
  /// an else, whose branch returns; null for any other use.
  const clang::IfStmt *errorCheckOf(const clang::Stmt *Call) const;
  /// The statement `assert(cudaDeviceSynchronize() == cudaSuccess);` (or
  /// `assert(!cudaDeviceSynchronize())`) around \p Call, CDP1's wait
  /// that fails loudly; null for any other macro around it.
  const clang::Stmt *assertionOf(const clang::CallExpr &Call) const;
  bool place(Split &S);
  bool collectPieces(Split &S);
  void findNeeded();
  bool checkPerThread(Split &S);
  bool checkWholeGrid(Split &S);
  bool checkCarriable(const clang::ValueDecl &D, const Split &S);
  bool checkShared(const clang::VarDecl &V, Split &S);
  /// Parameters first, as the kernel declares them, then locals in order.
  void sortCarried(Split &S) const;

  TableReport refuse(clang::SourceLocation Loc, MigrationDiag Kind) {
    return report(Context.getDiagnostics(), Loc, Kind);
  }
  void declaredHere(const clang::ValueDecl &D) {
    report(Context.getDiagnostics(), D.getLocation(),
           MigrationDiag::DeclaredHere)
        << D.getName();
  }

  clang::ASTContext &Context;
  const clang::SourceManager &SM;
  const clang::FunctionDecl &Kernel;
  const clang::CompoundStmt &Body;
  bool SingleThread;
  const SourceSpans &Spans;
  KernelValues Values;
  std::vector<Split> Splits;
};

} // namespace cdp

#endif // CDP_LOWER_MIGRATION_SYNCANALYSIS_H
