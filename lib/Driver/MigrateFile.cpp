//===- MigrateFile.cpp - --migrate-cdp1 on one input ----------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/MigrateFile.h"

#include "Driver/ActionFactory.h"
#include "Driver/ParseCopy.h"
#include "Driver/ParseOnlyHeaders.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

namespace cdp {

FileParse withCdp1Compat(FileParse Parse) {
  std::vector<std::string> &Args = Parse.CommandLine;
  // After the other force-included header, before the input.
  auto Compat =
      std::find(Args.begin(), Args.end(), parseOnlyPath(NvccCompatHeader));
  auto Where = Compat == Args.end() ? Args.end() - 1 : Compat + 1;
  Args.insert(Where, {"-include", parseOnlyPath(Cdp1CompatHeader)});
  return Parse;
}

std::optional<MigratedInput> migrateFile(llvm::StringRef Input,
                                         const FileParse &Parse,
                                         const MigrationOptions &Options,
                                         ToolDiagnostics &Diagnostics) {
  FileParse WithCompat = withCdp1Compat(Parse);

  llvm::SmallString<256> Path(Input);
  llvm::sys::fs::make_absolute(Path);
  ParseCopy Copy;
  std::vector<SourceOverride> Overrides;
  if (auto Buffer = llvm::MemoryBuffer::getFile(Path)) {
    Copy = parseCopyOf((*Buffer)->getBuffer());
    if (const std::string *CopyText = Copy.text())
      Overrides.push_back({std::string(Path), *CopyText});
  }

  MigratedFile Result;
  ActionFactory<MigrateCdp1Action, const MigrationOptions, MigratedFile>
      Factory(Options, Result);
  if (!runParse(WithCompat, Factory, Diagnostics, Overrides) ||
      !Result.Succeeded)
    return std::nullopt;
  MigratedInput Migrated;
  // The edits are made on the text parsed, whose assembly templates are
  // respelled: they are given back as written.
  auto Finish = [](std::string &Original, std::vector<TextEdit> &Edits,
                   const std::optional<RespelledAsm> &Asm) {
    if (Asm) {
      restoreAsmEscapes(Original, *Asm);
      restoreAsmEscapes(Edits, *Asm);
    }
    matchLineEndings(Original, Edits);
    return applyTextEdits(Original, Edits);
  };
  Migrated.Text = Finish(Result.Original, Result.Edits, Copy.Asm);
  Migrated.Edits = std::move(Result.Edits);
  for (MigratedHeader &Header : Result.Headers) {
    MigratedInput::Header &Out = Migrated.Headers.emplace_back();
    Out.Path = Header.Path;
    Out.Text =
        Finish(Header.Original, Header.Edits, respelledAsmOfFile(Header.Path));
    Out.Edits = std::move(Header.Edits);
  }
  return Migrated;
}

} // namespace cdp
