//===- ParseCopy.h - The text the parse reads for an input ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What nvcc reads and clang does not, respelled in a copy of the input as
// long as the original (SpacedChevrons.h, AsmEscapes.h), and the way back:
// edits computed on the copy, made to apply to the text as written.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_PARSECOPY_H
#define CDP_LOWER_DRIVER_PARSECOPY_H

#include "Driver/AsmEscapes.h"
#include "Driver/SpacedChevrons.h"

#include "llvm/Support/MemoryBuffer.h"

#include <optional>
#include <string>
#include <vector>

namespace cdp {

struct ParseCopy {
  std::optional<JoinedChevrons> Chevrons;
  std::optional<RespelledAsm> Asm;

  /// The text to parse instead of the input; null when it is the input.
  const std::string *text() const {
    return Asm ? &Asm->Text : Chevrons ? &Chevrons->Text : nullptr;
  }

  /// Makes \p Edits, computed on the copy, apply to the text as written.
  void toWritten(std::vector<TextEdit> &Edits) const {
    if (Chevrons)
      widenOverSpacedChevrons(Edits, *Chevrons);
    if (Asm)
      restoreAsmEscapes(Edits, *Asm);
  }
};

/// The parse copy of \p Written.
inline ParseCopy parseCopyOf(llvm::StringRef Written) {
  ParseCopy Copy;
  Copy.Chevrons = joinSpacedChevrons(Written);
  Copy.Asm = respellAsmEscapes(
      Copy.Chevrons ? llvm::StringRef(Copy.Chevrons->Text) : Written);
  return Copy;
}

/// How the file at \p Path is respelled when a parse reads it from disk
/// (respellingForParse): the assembly templates of its joined text; nothing
/// when it has none to respell, or cannot be read.
inline std::optional<RespelledAsm> respelledAsmOfFile(llvm::StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  return parseCopyOf((*Buffer)->getBuffer()).Asm;
}

} // namespace cdp

#endif // CDP_LOWER_DRIVER_PARSECOPY_H
