//===- SourceEdits.cpp - The edits that lower one file --------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/SourceEdits.h"

#include "Lowering/LoweringDiagnostics.h"

#include "clang/Basic/SourceManager.h"

#include <algorithm>

using namespace clang;

namespace cdp {

void SourceEdits::insert(SourceLocation Loc, std::string Text) {
  Edits.push_back({Loc, 0, std::move(Text)});
}

void SourceEdits::insertFirst(SourceLocation Loc, std::string Text) {
  // resolve() sorts stably: the first edit made stays the first there.
  Edits.insert(Edits.begin(), {Loc, 0, std::move(Text)});
}

void SourceEdits::replace(SourceLocation Loc, unsigned Length,
                          std::string Text) {
  Edits.push_back({Loc, Length, std::move(Text)});
}

void SourceEdits::replace(CharSourceRange Range, std::string Text) {
  unsigned Length =
      SM.getFileOffset(Range.getEnd()) - SM.getFileOffset(Range.getBegin());
  replace(Range.getBegin(), Length, std::move(Text));
}

std::optional<std::vector<TextEdit>>
SourceEdits::resolve(DiagnosticsEngine &Diags) const {
  struct Placed {
    unsigned Offset;
    const Edit *E;
  };
  std::vector<Placed> Order;
  Order.reserve(Edits.size());
  for (const Edit &E : Edits) {
    // The lowering edits only what it found spelled in the file.
    assert(E.Loc.isFileID() && SM.getFileID(E.Loc) == File &&
           "edit outside the file being lowered");
    Order.push_back({SM.getFileOffset(E.Loc), &E});
  }
  // Stable, so that insertions at one place keep their order; an insertion
  // sorts before a replacement that starts at the same place.
  std::stable_sort(Order.begin(), Order.end(),
                   [](const Placed &A, const Placed &B) {
                     if (A.Offset != B.Offset)
                       return A.Offset < B.Offset;
                     return A.E->Length == 0 && B.E->Length != 0;
                   });

  std::vector<TextEdit> Resolved;
  Resolved.reserve(Order.size());
  unsigned Copied = 0;
  for (const Placed &P : Order) {
    if (P.Offset < Copied) {
      report(Diags, P.E->Loc, LoweringDiag::OverlappingRewrites);
      return std::nullopt;
    }
    Resolved.push_back({P.Offset, P.E->Length, P.E->Text});
    Copied = P.Offset + P.E->Length;
  }
  assert(Copied <= SM.getBufferData(File).size() &&
         "edit past the end of the file");
  return Resolved;
}

std::optional<std::string>
SourceEdits::textAfterEdits(CharSourceRange Range,
                            DiagnosticsEngine &Diags) const {
  const unsigned Begin = SM.getFileOffset(Range.getBegin()),
                 End = SM.getFileOffset(Range.getEnd());
  std::optional<std::vector<TextEdit>> All = resolve(Diags);
  if (!All)
    return std::nullopt;
  std::vector<TextEdit> Inside;
  for (TextEdit &E : *All) {
    const bool Starts = E.Offset >= Begin && E.Offset <= End,
               Ends = E.Offset + E.Length <= End;
    // An insertion at the end belongs to what follows the range.
    if (Starts && Ends && !(E.Length == 0 && E.Offset == End)) {
      E.Offset -= Begin;
      Inside.push_back(std::move(E));
    } else if (E.Offset < End && E.Offset + E.Length > Begin) {
      return std::nullopt;
    }
  }
  return applyTextEdits(SM.getBufferData(File).slice(Begin, End), Inside);
}

} // namespace cdp
