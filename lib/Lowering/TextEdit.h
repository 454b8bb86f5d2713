//===- TextEdit.h - Edits as offsets into a file's text ---------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The lowering of a file as plain data: what the tool merges across the
// passes of a multi-architecture build, applies, and exports as fix-its.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_TEXTEDIT_H
#define CDP_LOWER_LOWERING_TEXTEDIT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cdp {

/// Replace the \c Length bytes at \c Offset by \c Text (an insertion when
/// \c Length is 0).
struct TextEdit {
  unsigned Offset = 0;
  unsigned Length = 0;
  std::string Text;

  bool operator==(const TextEdit &Other) const {
    return Offset == Other.Offset && Length == Other.Length &&
           Text == Other.Text;
  }
};

/// \p Original with \p Edits made. The edits are sorted by offset and do not
/// overlap; insertions at one offset come in the order given.
std::string applyTextEdits(llvm::StringRef Original,
                           llvm::ArrayRef<TextEdit> Edits);

/// Makes the lines that \p Edits insert end as \p Original's do: in a file
/// whose first line ends in CRLF, each bare LF of an edit's text becomes
/// CRLF (text quoted from the file keeps its CRLF as it is), and an
/// insertion between a CR and its LF moves before the CR.
void matchLineEndings(llvm::StringRef Original, std::vector<TextEdit> &Edits);

/// The union of several sets of edits of one file (the lowerings of its
/// GPU architectures, or fix-its): what each made, once. Code that only one
/// architecture compiles (an `#if __CUDA_ARCH__` branch) is lowered by that
/// pass alone. An error names the offset where two sets edit the same text
/// differently.
llvm::Expected<std::vector<TextEdit>>
mergeTextEdits(llvm::ArrayRef<std::vector<TextEdit>> Passes);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_TEXTEDIT_H
