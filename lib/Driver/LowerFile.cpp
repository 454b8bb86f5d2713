//===- LowerFile.cpp - Lower one input under all its parses ---------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/LowerFile.h"

#include "Driver/ActionFactory.h"
#include "Driver/CheckAndLowerAction.h"
#include "Driver/ToolStreams.h"

#include "llvm/ADT/STLExtras.h"

#include "Driver/ParseCopy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

namespace cdp {

/// What mergeFile merges for lowerFile: one lowering per parse.
static constexpr llvm::StringLiteral ArchitectureLowerings =
    "lowerings for the GPU architectures";

bool mergeFile(llvm::StringRef Path, llvm::StringRef Whose,
               llvm::StringRef Original,
               llvm::ArrayRef<std::vector<TextEdit>> Passes,
               std::vector<TextEdit> &Edits, std::string &Text) {
  llvm::Expected<std::vector<TextEdit>> Merged = mergeTextEdits(Passes);
  if (!Merged) {
    toolError() << "'" << Path << "': the " << Whose
                << " conflict: " << llvm::toString(Merged.takeError()) << "\n";
    return false;
  }
  Edits = std::move(*Merged);
  matchLineEndings(Original, Edits);
  Text = applyTextEdits(Original, Edits);
  return true;
}

std::optional<LoweredInput>
lowerFile(llvm::StringRef Input, llvm::ArrayRef<FileParse> Parses,
          const CheckOptions &Checks, const LoweringOptions &Options,
          ToolDiagnostics &Diagnostics, const MigratedInput *Migrated) {
  // nvcc's spaced chevrons (`k << <1, 1 >> > (p)`) are parsed joined, its
  // assembly templates respelled.
  std::vector<SourceOverride> Overrides;
  std::string UserText;
  llvm::SmallString<256> Path(Input);
  llvm::sys::fs::make_absolute(Path);
  if (Migrated) {
    UserText = Migrated->Text;
  } else if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
                 llvm::MemoryBuffer::getFile(Path)) {
    UserText = (*Buffer)->getBuffer().str();
  }
  const ParseCopy Copy = parseCopyOf(UserText);
  if (const std::string *CopyText = Copy.text())
    Overrides.push_back({std::string(Path), *CopyText});
  else if (Migrated)
    Overrides.push_back({std::string(Path), UserText});
  // A migrated header is read respelled as the file on disk would be.
  std::vector<ParseCopy> HeaderCopies;
  LoweringOptions WithHeaders = Options;
  if (Migrated) {
    HeaderCopies.reserve(Migrated->Headers.size());
    for (const MigratedInput::Header &Header : Migrated->Headers) {
      const ParseCopy &HeaderCopy =
          HeaderCopies.emplace_back(parseCopyOf(Header.Text));
      const std::string *CopyText = HeaderCopy.text();
      Overrides.push_back({Header.Path, CopyText ? *CopyText : Header.Text});
      WithHeaders.ChangedHeaders.insert(Header.Path);
    }
  }

  std::vector<LoweredFile> Results(Parses.size());
  bool Succeeded = true;
  for (size_t I = 0; I < Parses.size(); ++I) {
    CheckOptions ParseChecks = Checks;
    ParseChecks.setPtxJitArchitecture(Parses[I].PtxJitArchitecture);
    ActionFactory<CheckAndLowerAction, const CheckOptions,
                  const LoweringOptions, LoweredFile>
        Factory(ParseChecks, WithHeaders, Results[I]);
    Succeeded &= runParse(Parses[I], Factory, Diagnostics, Overrides) &&
                 Results[I].Succeeded;
  }
  if (!Succeeded)
    return std::nullopt;
  if (Copy.text()) {
    // The edits apply to the user's text, not to the parse copy.
    for (LoweredFile &Result : Results) {
      Copy.toWritten(Result.Edits);
      Result.Original = UserText;
    }
  }
  LoweredInput Lowered;
  for (const LoweredFile &Result : Results)
    Lowered.Launches = std::max(Lowered.Launches, Result.LoweredLaunches);
  if (Options.CheckOnly)
    return Lowered;
  std::vector<std::vector<TextEdit>> Edits;
  // Headers by path, in the order first lowered.
  std::vector<const LoweredHeader *> HeaderOrder;
  std::map<std::string, std::vector<std::vector<TextEdit>>> HeaderEdits;
  for (LoweredFile &Result : Results) {
    Edits.push_back(std::move(Result.Edits));
    llvm::append_range(Lowered.Dependencies, Result.Dependencies);
    for (LoweredHeader &Header : Result.Headers) {
      auto [It, New] = HeaderEdits.try_emplace(Header.Path);
      if (New)
        HeaderOrder.push_back(&Header);
      It->second.push_back(std::move(Header.Edits));
    }
  }
  if (!mergeFile(Input, ArchitectureLowerings, Results.front().Original, Edits,
                 Lowered.Edits, Lowered.Text))
    return std::nullopt;
  llvm::sort(Lowered.Dependencies);
  Lowered.Dependencies.erase(llvm::unique(Lowered.Dependencies),
                             Lowered.Dependencies.end());
  for (const LoweredHeader *Header : HeaderOrder) {
    LoweredInput::Header &Out = Lowered.Headers.emplace_back();
    Out.Path = Header->Path;
    Out.CopyName = Header->CopyName;
    // The header was parsed respelled (respellingForParse); its copy keeps
    // the joined chevrons but not the respelled assembly templates.
    std::string Original = Header->Original;
    std::vector<std::vector<TextEdit>> &Edits = HeaderEdits[Header->Path];
    const std::string *MigratedText =
        Migrated ? Migrated->headerText(Header->Path) : nullptr;
    std::optional<RespelledAsm> Asm = MigratedText
                                          ? parseCopyOf(*MigratedText).Asm
                                          : respelledAsmOfFile(Header->Path);
    if (Asm) {
      restoreAsmEscapes(Original, *Asm);
      for (std::vector<TextEdit> &OneArch : Edits)
        restoreAsmEscapes(OneArch, *Asm);
    }
    if (!mergeFile(Header->Path, ArchitectureLowerings, Original, Edits,
                   Out.Edits, Out.Text))
      return std::nullopt;
  }
  return Lowered;
}

} // namespace cdp
