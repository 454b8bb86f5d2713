//===- CustomDiagnostic.h - Reporting what clang has no ID for --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks, the lowering and the migration report through clang's
// diagnostic engine, so each message has clang's location, caret, ranges,
// notes and fix-its. clang has no IDs for them: each is a custom diagnostic,
// made here from its level and its format (clang's %0 syntax).
//
// The lowering's and the migration's diagnostics are tables
// (LoweringDiagnostics.def, MigrationDiagnostics.def), as clang's are
// TableGen files: one row per diagnostic, with its level, its message (the
// rule that was broken) and, where there is one, its remedy, which follows
// as a note so that the message stays one sentence.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_CUSTOMDIAGNOSTIC_H
#define CDP_LOWER_CUDAAST_CUSTOMDIAGNOSTIC_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticIDs.h"

#include <cassert>
#include <cstddef>
#include <optional>

namespace cdp {

/// Reports \p Format at \p Level, at \p Loc (none: a message about no place
/// in the source); the caller streams the arguments in.
clang::DiagnosticBuilder reportCustom(clang::DiagnosticsEngine &Diags,
                                      clang::SourceLocation Loc,
                                      clang::DiagnosticIDs::Level Level,
                                      llvm::StringRef Format);

/// One row of a diagnostics table.
struct TableDiagnostic {
  clang::DiagnosticIDs::Level Level;
  const char *Message;
  /// What to do about it, reported as a note after the message; empty for
  /// none. A plain sentence: it takes no arguments.
  const char *Remedy;
};

/// A diagnostic of a table being built: the caller streams the message's
/// arguments in, as into a clang::DiagnosticBuilder. When it ends (at the
/// end of the caller's statement) the message is reported, and then its
/// remedy, as a note at the same place; clang drops the note with the
/// message when the message is ignored.
class TableReport {
public:
  TableReport(clang::DiagnosticsEngine &Diags, clang::SourceLocation Loc,
              const TableDiagnostic &Diagnostic);
  TableReport(const TableReport &) = delete;
  TableReport &operator=(const TableReport &) = delete;
  ~TableReport();

  template <class T> const TableReport &operator<<(T &&Value) const {
    *Message << std::forward<T>(Value);
    return *this;
  }

private:
  clang::DiagnosticsEngine &Diags;
  clang::SourceLocation Loc;
  llvm::StringRef Remedy;
  mutable std::optional<clang::DiagnosticBuilder> Message;
};

/// Reports the row of \p Table for \p Kind, an enumerator made from the same
/// .def file as the table (so its value is the row's index).
template <class KindT, std::size_t Rows>
TableReport reportRow(clang::DiagnosticsEngine &Diags,
                      clang::SourceLocation Loc,
                      const TableDiagnostic (&Table)[Rows], KindT Kind) {
  auto Row = static_cast<std::size_t>(Kind);
  assert(Row < Rows && "a kind without its row");
  return TableReport(Diags, Loc, Table[Row]);
}

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_CUSTOMDIAGNOSTIC_H
