//===- TextEdit.cpp - Edits as offsets into a file's text -----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/TextEdit.h"

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
