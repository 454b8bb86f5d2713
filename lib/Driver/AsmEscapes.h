//===- AsmEscapes.h - nvcc's `%globaltimer` in inline assembly --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// nvcc passes an inline assembly template to ptxas as written, so real code
// names PTX's special registers with one `%` next to operands:
// `asm("mov.u64 %0, %globaltimer;" : "=l"(t))`. clang reads `%g` there as
// an operand escape and stops: `invalid % escape in inline assembly
// string`. The tool parses a copy in which each such `%` and the letter
// after it read `%=` (a valid escape: `%=lobaltimer`), so that every offset
// stays where it was, and gives back the text as written wherever the
// output quotes the copy.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_ASMESCAPES_H
#define CDP_LOWER_DRIVER_ASMESCAPES_H

#include "Lowering/TextEdit.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace cdp {

struct RespelledAsm {
  /// The file as the parse reads it; as long as the original.
  std::string Text;
  /// Each respelled string literal: its offset, as written, and as parsed.
  struct Literal {
    unsigned Offset;
    std::string Written, Parsed;
  };
  std::vector<Literal> Literals;
};

/// \p Text with the `%` of each special register in the template of an
/// inline assembly statement with operands respelled; nothing when there
/// is none.
std::optional<RespelledAsm> respellAsmEscapes(llvm::StringRef Text);

/// Gives back the written templates in \p Edits' texts, computed on the
/// respelled copy (a lowered launch may quote a lambda that holds one).
void restoreAsmEscapes(std::vector<TextEdit> &Edits,
                       const RespelledAsm &Respelled);

/// Gives back the written templates in \p Text, the respelled copy.
void restoreAsmEscapes(std::string &Text, const RespelledAsm &Respelled);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_ASMESCAPES_H
