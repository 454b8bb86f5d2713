//===- MigrateFile.cpp - --migrate-cdp1 on one input ----------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "MigrateFile.h"

#include "ActionFactory.h"
#include "ParseCopy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

namespace cdp {

FileParse withCdp1Compat(FileParse Parse) {
  std::vector<std::string> &Args = Parse.CommandLine;
  // After the other force-included header, before the input.
  auto Compat = std::find(Args.begin(), Args.end(), "cdp/nvcc-compat.h");
  auto Where = Compat == Args.end() ? Args.end() - 1 : Compat + 1;
  Args.insert(Where, {"-include", Cdp1CompatHeader});
  return Parse;
}

std::optional<MigratedInput> migrateFile(llvm::StringRef Input,
                                         const FileParse &Parse,
                                         ToolDiagnostics &Diagnostics) {
  FileParse WithCompat = withCdp1Compat(Parse);

  llvm::SmallString<256> Path(Input);
  llvm::sys::fs::make_absolute(Path);
  ParseCopy Copy;
  std::optional<SourceOverride> Override;
  if (auto Buffer = llvm::MemoryBuffer::getFile(Path)) {
    Copy = parseCopyOf((*Buffer)->getBuffer());
    if (const std::string *CopyText = Copy.text())
      Override = SourceOverride{std::string(Path), *CopyText};
  }

  MigratedFile Result;
  ActionFactory<MigrateCdp1Action, MigratedFile> Factory(Result);
  if (!runParse(WithCompat, Factory, Diagnostics,
                Override ? &*Override : nullptr) ||
      !Result.Succeeded)
    return std::nullopt;
  // The edits are made on the joined text, which the copies quote; the
  // assembly templates are given back as written.
  if (Copy.Asm) {
    restoreAsmEscapes(Result.Original, *Copy.Asm);
    restoreAsmEscapes(Result.Edits, *Copy.Asm);
  }
  matchLineEndings(Result.Original, Result.Edits);
  return MigratedInput{Result.Edits,
                       applyTextEdits(Result.Original, Result.Edits)};
}

} // namespace cdp
