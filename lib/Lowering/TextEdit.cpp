//===- TextEdit.cpp - Edits as offsets into a file's text -----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/TextEdit.h"

#include <algorithm>
#include <cassert>
#include <map>

namespace cdp {

std::string applyTextEdits(llvm::StringRef Original,
                           llvm::ArrayRef<TextEdit> Edits) {
  std::string Result;
  size_t Growth = 0;
  for (const TextEdit &E : Edits)
    Growth += E.Text.size();
  Result.reserve(Original.size() + Growth);
  size_t Copied = 0;
  for (const TextEdit &E : Edits) {
    assert(E.Offset >= Copied && E.Offset + E.Length <= Original.size() &&
           "edits out of order, overlapping or past the end");
    Result.append(Original.data() + Copied, E.Offset - Copied);
    Result += E.Text;
    Copied = E.Offset + E.Length;
  }
  Result.append(Original.data() + Copied, Original.size() - Copied);
  return Result;
}

void matchLineEndings(llvm::StringRef Original, std::vector<TextEdit> &Edits) {
  size_t FirstLineEnd = Original.find('\n');
  if (FirstLineEnd == llvm::StringRef::npos || FirstLineEnd == 0 ||
      Original[FirstLineEnd - 1] != '\r')
    return;
  bool Moved = false;
  for (TextEdit &E : Edits) {
    // An insertion at a line's end, found as its LF, goes before the CR.
    if (E.Length == 0 && E.Offset > 0 && E.Offset < Original.size() &&
        Original[E.Offset] == '\n' && Original[E.Offset - 1] == '\r') {
      --E.Offset;
      Moved = true;
    }
    std::string Text;
    Text.reserve(E.Text.size());
    for (size_t I = 0; I < E.Text.size(); ++I) {
      if (E.Text[I] == '\n' && (I == 0 || E.Text[I - 1] != '\r'))
        Text += '\r';
      Text += E.Text[I];
    }
    E.Text = std::move(Text);
  }
  if (Moved)
    std::stable_sort(Edits.begin(), Edits.end(),
                     [](const TextEdit &A, const TextEdit &B) {
                       return A.Offset < B.Offset;
                     });
}

static llvm::Error conflictAt(unsigned Offset) {
  return llvm::createStringError("different edits at offset " +
                                 std::to_string(Offset));
}

llvm::Expected<std::vector<TextEdit>>
mergeTextEdits(llvm::ArrayRef<std::vector<TextEdit>> Passes) {
  // The edits of one pass at one offset form a group (several insertions
  // keep their order); a group must be the same in every pass that has it.
  using Group = std::vector<TextEdit>;
  std::map<unsigned, Group> Groups;
  for (const std::vector<TextEdit> &Pass : Passes) {
    std::map<unsigned, Group> Own;
    for (const TextEdit &E : Pass)
      Own[E.Offset].push_back(E);
    for (auto &[Offset, Edits] : Own) {
      auto [It, New] = Groups.try_emplace(Offset, Edits);
      if (!New && It->second != Edits)
        return conflictAt(Offset);
    }
  }
  std::vector<TextEdit> Merged;
  unsigned End = 0;
  for (auto &[Offset, Edits] : Groups) {
    if (Offset < End)
      return conflictAt(Offset);
    for (TextEdit &E : Edits) {
      End = std::max(End, E.Offset + E.Length);
      Merged.push_back(std::move(E));
    }
  }
  return Merged;
}

} // namespace cdp
