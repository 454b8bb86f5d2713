//===- SpacedChevrons.cpp - nvcc's `k << <1, 1 >> > (p)` ------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/SpacedChevrons.h"
#include "Driver/AsmEscapes.h"
#include "Driver/RawTokens.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace clang;

namespace cdp {
namespace {

/// How many chevrons of \p Kind (`<` or `>`) token \p T is: 1, 2 or 0.
unsigned chevrons(const RawToken &T, char Kind) {
  if (Kind == '<')
    return T.Kind == tok::less ? 1 : T.Kind == tok::lessless ? 2 : 0;
  return T.Kind == tok::greater ? 1 : T.Kind == tok::greatergreater ? 2 : 0;
}

/// Whether tokens from \p I spell three chevrons of \p Kind in two or three
/// tokens; their count in \p Count.
bool spacedTriple(const std::vector<RawToken> &Tokens, size_t I, char Kind,
                  size_t &Count) {
  unsigned Seen = 0;
  size_t J = I;
  while (J < Tokens.size() && Seen < 3 && chevrons(Tokens[J], Kind)) {
    Seen += chevrons(Tokens[J], Kind);
    ++J;
  }
  Count = J - I;
  return Seen == 3 && Count > 1;
}

bool isTriple(const RawToken &T, char Kind) {
  return T.Kind ==
         (Kind == '<' ? tok::lesslessless : tok::greatergreatergreater);
}

} // namespace

std::optional<JoinedChevrons> joinSpacedChevrons(llvm::StringRef Text) {
  // Cheap test first: most files have no chevron followed by a space.
  if (!Text.contains("< <") && !Text.contains("<<\t") &&
      !Text.contains("<< ") && !Text.contains("<\n"))
    return std::nullopt;
  std::vector<RawToken> Tokens = rawTokens(Text);
  JoinedChevrons Joined;
  Joined.Text = Text.str();
  auto Join = [&](size_t First, size_t Count, char Kind) {
    unsigned Begin = Tokens[First].Offset;
    const RawToken &Last = Tokens[First + Count - 1];
    unsigned End = Last.Offset + Last.Length;
    std::string Respelled(3, Kind);
    for (char C : Text.slice(Begin, End))
      if (C != Kind)
        Respelled += C;
    Joined.Text.replace(Begin, End - Begin, Respelled);
    Joined.Spans.push_back({Begin, End - Begin});
  };
  for (size_t I = 0; I < Tokens.size(); ++I) {
    size_t OpenCount = 0;
    bool Spaced = spacedTriple(Tokens, I, '<', OpenCount);
    if (!Spaced && !isTriple(Tokens[I], '<'))
      continue;
    if (I > 0 && Tokens[I - 1].Kind == tok::raw_identifier &&
        Tokens[I - 1].Text == "operator")
      continue; // `operator<< <>(...)` names a template specialization.
    size_t After = I + (Spaced ? OpenCount : 1);
    for (size_t J = After; J < Tokens.size(); ++J) {
      size_t CloseCount = 0;
      bool CloseSpaced = spacedTriple(Tokens, J, '>', CloseCount);
      if (!CloseSpaced && !isTriple(Tokens[J], '>'))
        continue;
      if (Spaced)
        Join(I, OpenCount, '<');
      if (CloseSpaced)
        Join(J, CloseCount, '>');
      After = J + (CloseSpaced ? CloseCount : 1);
      break;
    }
    I = After - 1;
  }
  if (Joined.Spans.empty())
    return std::nullopt;
  // A comment or other text between the chevrons would be respelled too.
  for (auto [Offset, Length] : Joined.Spans)
    if (Text.substr(Offset, Length).find_first_not_of("<> \t\r\n") !=
        llvm::StringRef::npos)
      return std::nullopt;
  return Joined;
}

void widenOverSpacedChevrons(std::vector<TextEdit> &Edits,
                             const JoinedChevrons &Joined) {
  for (TextEdit &Edit : Edits)
    for (auto [Offset, Length] : Joined.Spans)
      if (Edit.Offset == Offset && Edit.Length == 3)
        Edit.Length = Length;
}

namespace {

/// A file read whole, served from memory.
class ReadFile : public llvm::vfs::File {
public:
  ReadFile(llvm::vfs::Status Status,
           std::unique_ptr<llvm::MemoryBuffer> Contents)
      : Stat(std::move(Status)), Contents(std::move(Contents)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return Stat; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &, int64_t, bool, bool) override {
    if (!Contents) // Read once, as clang reads a file.
      return std::make_error_code(std::errc::io_error);
    return std::move(Contents);
  }
  std::error_code close() override { return {}; }

private:
  llvm::vfs::Status Stat;
  std::unique_ptr<llvm::MemoryBuffer> Contents;
};

class JoiningFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  using ProxyFileSystem::ProxyFileSystem;

  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    auto File = ProxyFileSystem::openFileForRead(Path);
    if (!File)
      return File;
    llvm::ErrorOr<llvm::vfs::Status> Status = (*File)->status();
    auto Contents = (*File)->getBuffer(Path, -1, /*RequiresNull=*/true);
    if (!Status || !Contents)
      return ProxyFileSystem::openFileForRead(Path);
    llvm::StringRef Text = (*Contents)->getBuffer();
    // Most files have neither: no copy for them.
    std::optional<JoinedChevrons> Joined;
    if (Text.contains("<< <") || Text.contains(">> >"))
      Joined = joinSpacedChevrons(Text);
    std::optional<RespelledAsm> Asm =
        respellAsmEscapes(Joined ? llvm::StringRef(Joined->Text) : Text);
    if (Joined || Asm)
      *Contents = llvm::MemoryBuffer::getMemBufferCopy(
          Asm ? Asm->Text : Joined->Text, (*Contents)->getBufferIdentifier());
    return std::make_unique<ReadFile>(std::move(*Status), std::move(*Contents));
  }
};

} // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
respellingForParse(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base) {
  return llvm::makeIntrusiveRefCnt<JoiningFileSystem>(std::move(Base));
}

} // namespace cdp
