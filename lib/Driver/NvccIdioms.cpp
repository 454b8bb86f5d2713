//===- NvccIdioms.cpp - Code nvcc accepts and clang refuses ---------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/NvccIdioms.h"

#include "CudaAST/WrittenText.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"

using namespace clang;

namespace cdp {

/// The text of the line of \p Loc from its start up to \p Loc.
static llvm::StringRef lineUpTo(const SourceManager &SM, SourceLocation Loc) {
  Loc = SM.getSpellingLoc(Loc);
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(Loc), &Invalid);
  if (Invalid)
    return "";
  unsigned Offset = SM.getFileOffset(Loc);
  return Buffer.slice(lineStartOffset(Buffer, Offset), Offset);
}

/// Whether \p Loc is at a `{` inside a launch's `<<<...>>>`.
static bool atBraceInLaunchConfig(const SourceManager &SM, SourceLocation Loc) {
  llvm::StringRef Before = lineUpTo(SM, Loc);
  size_t Open = Before.rfind("<<<");
  if (Open == llvm::StringRef::npos || Before.substr(Open).contains(">>>"))
    return false;
  const char *At = SM.getCharacterData(SM.getSpellingLoc(Loc));
  return At && *At == '{';
}

std::optional<std::string> nvccIdiomNote(const Diagnostic &Diag) {
  llvm::SmallString<128> Message;
  Diag.FormatDiagnostic(Message);
  llvm::StringRef Text = Message;
  // Only where the parse reads clang's own wrapper (another clang than the
  // one CudaWrapperOverlay.h knows).
  if (Text == "call to 'malloc' is ambiguous" ||
      Text == "call to 'free' is ambiguous")
    return std::string(
        "nvcc accepts this call under 'using namespace std;', but clang's "
        "CUDA headers declare both ::" +
        Text.slice(Text.find('\'') + 1, Text.rfind('\'')).str() +
        " and std::" + Text.slice(Text.find('\'') + 1, Text.rfind('\'')).str() +
        " for device code; qualify the call ('::" +
        Text.slice(Text.find('\'') + 1, Text.rfind('\'')).str() +
        "'), which both compilers accept");
  if (Text == "expected ')'" && Diag.hasSourceManager() &&
      lineUpTo(Diag.getSourceManager(), Diag.getLocation()).contains("asm") &&
      lineUpTo(Diag.getSourceManager(), Diag.getLocation())
          .rtrim()
          .ends_with(")"))
    return std::string(
        "nvcc accepts inline-assembly operands without a comma between them; "
        "clang does not: separate the operands with ','");
  if (Text == "expected expression" && Diag.hasSourceManager() &&
      atBraceInLaunchConfig(Diag.getSourceManager(), Diag.getLocation()))
    return std::string("nvcc accepts a braced list in a launch's configuration "
                       "('<<<{2, 2}, 32>>>'); clang does not: name its type, "
                       "'<<<dim3{2, 2}, 32>>>', which both compilers accept");
  return std::nullopt;
}

} // namespace cdp
