//===- LowerFile.cpp - Lower one input under all its parses ---------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "LowerFile.h"

#include "ActionFactory.h"
#include "ToolStreams.h"

#include "llvm/ADT/STLExtras.h"

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
  Text = applyTextEdits(Original, Edits);
  return true;
}

std::optional<LoweredInput> lowerFile(llvm::StringRef Input,
                                      llvm::ArrayRef<FileParse> Parses,
                                      const LoweringOptions &Options,
                                      ToolDiagnostics &Diagnostics) {
  std::vector<LoweredFile> Results(Parses.size());
  bool Succeeded = true;
  for (size_t I = 0; I < Parses.size(); ++I) {
    ActionFactory<LowerLaunchesAction, const LoweringOptions, LoweredFile>
        Factory(Options, Results[I]);
    Succeeded &=
        runParse(Parses[I], Factory, Diagnostics) && Results[I].Succeeded;
  }
  if (!Succeeded)
    return std::nullopt;
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
    if (!mergeFile(Header->Path, ArchitectureLowerings, Header->Original,
                   HeaderEdits[Header->Path], Out.Edits, Out.Text))
      return std::nullopt;
  }
  return Lowered;
}

} // namespace cdp
