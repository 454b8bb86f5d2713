//===- SpacedChevrons.h - nvcc's `k << <1, 1 >> > (p)` ----------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// nvcc's front end reads `child << <1, 1 >> > (p)` as a launch; clang
// lexes `<<<` and `>>>` only as single tokens. The tool parses a copy of the
// file in which each spaced chevron is joined, `<<<` first and the spaces
// after it (`<< <` becomes `<<< `), so that every offset, and every line,
// stays where it was. The edits computed on the copy then apply to the
// user's text, widened where they replace a joined `<<<`.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_SPACEDCHEVRONS_H
#define CDP_LOWER_DRIVER_SPACEDCHEVRONS_H

#include "Lowering/TextEdit.h"

#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>
#include <string>
#include <vector>

namespace cdp {

struct JoinedChevrons {
  /// The file with every spaced chevron joined; as long as the original.
  std::string Text;
  /// Where each joined chevron was written: offset and length (above 3).
  std::vector<std::pair<unsigned, unsigned>> Spans;
};

/// \p Text with its spaced launch chevrons joined; nothing when it has
/// none. A spaced `<< <` counts when it does not follow `operator`, and a
/// spaced `>> >` when it closes such a launch (`A<B<int>> >` is a type).
std::optional<JoinedChevrons> joinSpacedChevrons(llvm::StringRef Text);

/// Makes \p Edits, computed on the joined text, apply to the original: an
/// edit that replaced a joined `<<<` replaces the whole spaced one.
void widenOverSpacedChevrons(std::vector<TextEdit> &Edits,
                             const JoinedChevrons &Joined);

/// \p Base, with every file it reads (the headers: the input is respelled
/// by its caller, so that its edits apply to the user's text) read with its
/// spaced chevrons joined and its inline assembly templates respelled
/// (AsmEscapes.h). A header selected by --header-filter is lowered in its
/// joined form: its copy spells a launch's chevrons `<<<`, which means the
/// same to nvcc; its templates are given back as written.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
respellingForParse(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_SPACEDCHEVRONS_H
