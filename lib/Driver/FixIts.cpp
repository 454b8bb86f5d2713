//===- FixIts.cpp - Fix-its for other tools, and --fix --------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/FixIts.h"

#include "Driver/ToolStreams.h"
#include "Driver/WriteLowered.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

#include <map>

namespace cdp {

std::string absoluteFilePath(llvm::StringRef Path) {
  llvm::SmallString<256> Absolute(Path);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return std::string(Absolute);
}

clang::tooling::Diagnostic loweringAsDiagnostic(llvm::StringRef Input,
                                                const LoweredInput &Lowered,
                                                llvm::StringRef What) {
  clang::tooling::DiagnosticMessage Message(What);
  Message.FilePath = absoluteFilePath(Input);
  Message.FileOffset = 0;
  auto AddEdits = [&](const std::string &Path, llvm::ArrayRef<TextEdit> Edits) {
    for (const TextEdit &E : Edits)
      llvm::cantFail(Message.Fix[Path].add(
          clang::tooling::Replacement(Path, E.Offset, E.Length, E.Text)));
  };
  AddEdits(Message.FilePath, Lowered.Edits);
  for (const LoweredInput::Header &Header : Lowered.Headers)
    AddEdits(Header.Path, Header.Edits);
  return clang::tooling::Diagnostic("cdp-lowering", Message, {},
                                    clang::tooling::Diagnostic::Remark, "");
}

bool applyFixIts(llvm::ArrayRef<clang::tooling::Diagnostic> FixIts) {
  std::map<std::string, std::vector<std::vector<TextEdit>>> ByFile;
  auto Collect = [&](const clang::tooling::DiagnosticMessage &Message) {
    for (const auto &[Path, Replacements] : Message.Fix) {
      std::vector<TextEdit> Edits;
      for (const clang::tooling::Replacement &R : Replacements)
        Edits.push_back(
            {R.getOffset(), R.getLength(), R.getReplacementText().str()});
      ByFile[Path.str()].push_back(std::move(Edits));
    }
  };
  for (const clang::tooling::Diagnostic &D : FixIts) {
    Collect(D.Message);
    for (const clang::tooling::DiagnosticMessage &Note : D.Notes)
      Collect(Note);
  }
  bool Applied = true;
  for (auto &[Path, Groups] : ByFile) {
    auto Original = llvm::MemoryBuffer::getFile(Path);
    if (!Original) {
      toolError() << "cannot read '" << Path
                  << "': " << Original.getError().message() << "\n";
      Applied = false;
      continue;
    }
    std::vector<TextEdit> Edits;
    std::string Text;
    if (!mergeFile(Path, "fix-its", (*Original)->getBuffer(), Groups, Edits,
                   Text) ||
        !writeFile(Path, Text)) {
      Applied = false;
      continue;
    }
    llvm::WithColor::note(fileErrors(), "cdp-lower")
        << "applied " << Groups.size() << " fix-it"
        << (Groups.size() == 1 ? "" : "s") << " to '" << Path << "'\n";
  }
  return Applied;
}

} // namespace cdp
