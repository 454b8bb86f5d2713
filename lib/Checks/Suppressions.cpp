//===- Suppressions.cpp - NOLINT comments, the clang-tidy way -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Checks/Suppressions.h"

#include "CudaAST/CustomDiagnostic.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/GlobPattern.h"

using namespace clang;

namespace cdp {

bool Suppressions::names(const Comment &C, StringRef Check) {
  if (C.Checks.empty())
    return true;
  return llvm::any_of(C.Checks, [&](const std::string &Pattern) {
    llvm::Expected<llvm::GlobPattern> Glob = llvm::GlobPattern::create(Pattern);
    if (!Glob) {
      llvm::consumeError(Glob.takeError());
      return false;
    }
    return Glob->match(Check);
  });
}

Suppressions::FileComments &Suppressions::commentsOf(FileID File) {
  auto [It, New] = Files.try_emplace(File);
  FileComments &Found = It->second;
  if (!New)
    return Found;
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return Found;
  // Longest first: NOLINT is a prefix of the others.
  static const std::pair<StringRef, Kind> Markers[] = {
      {"NOLINTNEXTLINE", Kind::NextLine},
      {"NOLINTBEGIN", Kind::Begin},
      {"NOLINTEND", Kind::End},
      {"NOLINT", Kind::SameLine}};
  std::vector<size_t> Open;
  unsigned Line = 1;
  for (size_t LineStart = 0; LineStart < Buffer.size(); ++Line) {
    size_t LineEnd = Buffer.find('\n', LineStart);
    if (LineEnd == StringRef::npos)
      LineEnd = Buffer.size();
    StringRef Text = Buffer.slice(LineStart, LineEnd);
    size_t At = Text.find("NOLINT");
    size_t CommentStart = std::min(Text.find("//"), Text.find("/*"));
    if (At != StringRef::npos && CommentStart < At) {
      StringRef Rest = Text.drop_front(At);
      for (auto [Word, Type] : Markers) {
        if (!Rest.starts_with(Word))
          continue;
        Comment C;
        C.Type = Type;
        C.Line = Line;
        C.Loc = SM.getComposedLoc(File, LineStart + At);
        StringRef After = Rest.drop_front(Word.size());
        C.Spelling = Word.str();
        if (After.starts_with("(") && After.contains(')')) {
          StringRef List = After.slice(1, After.find(')'));
          C.Spelling += ("(" + List + ")").str();
          llvm::SmallVector<StringRef, 4> Names;
          List.split(Names, ',', -1, /*KeepEmpty=*/false);
          for (StringRef Name : Names)
            C.Checks.push_back(Name.trim().str());
        }
        size_t Index = Found.Comments.size();
        Found.Comments.push_back(std::move(C));
        if (Type == Kind::Begin)
          Open.push_back(Index);
        if (Type == Kind::End) {
          // The innermost NOLINTBEGIN with the same list.
          auto Match = llvm::find_if(llvm::reverse(Open), [&](size_t B) {
            return Found.Comments[B].Checks == Found.Comments[Index].Checks;
          });
          if (Match == Open.rend()) {
            Found.Unmatched.push_back(Index);
          } else {
            Found.Regions.push_back(
                {Found.Comments[*Match].Line, Line, *Match});
            Open.erase(std::next(Match).base());
          }
        }
        break;
      }
    }
    LineStart = LineEnd + 1;
  }
  llvm::append_range(Found.Unmatched, Open);
  return Found;
}

bool Suppressions::suppresses(StringRef Check, SourceLocation Loc) {
  Loc = SM.getExpansionLoc(Loc);
  if (Loc.isInvalid())
    return false;
  FileComments &Comments = commentsOf(SM.getFileID(Loc));
  unsigned Line = SM.getExpansionLineNumber(Loc);
  bool Suppressed = false;
  for (Comment &C : Comments.Comments) {
    bool Here = (C.Type == Kind::SameLine && C.Line == Line) ||
                (C.Type == Kind::NextLine && C.Line + 1 == Line);
    if (Here && names(C, Check))
      Suppressed = C.Used = true;
  }
  for (const Region &R : Comments.Regions) {
    Comment &Begin = Comments.Comments[R.Begin];
    if (R.First <= Line && Line <= R.Last && names(Begin, Check))
      Suppressed = Begin.Used = true;
  }
  return Suppressed;
}

void Suppressions::reportUnused(DiagnosticsEngine &Diags,
                                llvm::function_ref<bool(StringRef)> IsEnabled) {
  // The main file's comments count even where no check found anything.
  commentsOf(SM.getMainFileID());
  llvm::SmallVector<FileID, 4> Order;
  for (const auto &Entry : Files)
    Order.push_back(Entry.first);
  llvm::sort(Order);
  for (FileID File : Order) {
    const FileComments &Comments = Files.find(File)->second;
    // In the file's order (the comments are), unmatched ones included.
    for (size_t Index = 0; Index < Comments.Comments.size(); ++Index) {
      const Comment &C = Comments.Comments[Index];
      if (llvm::is_contained(Comments.Unmatched, Index)) {
        reportCustom(Diags, C.Loc, DiagnosticIDs::Warning,
                     "'%0' has no matching %select{NOLINTEND|NOLINTBEGIN}1 "
                     "with the same check list in this file, so it "
                     "suppresses nothing")
            << C.Spelling << (C.Type == Kind::End);
        continue;
      }
      // A check that is off could not have reported anything here.
      bool Ours = llvm::any_of(C.Checks, [&](const std::string &Name) {
        return StringRef(Name).starts_with("cdp-") &&
               (StringRef(Name).contains('*') || IsEnabled(Name));
      });
      if (Ours && !C.Used && C.Type != Kind::End)
        reportCustom(Diags, C.Loc, DiagnosticIDs::Warning,
                     "'%0' suppresses no diagnostic of cdp-lower here; "
                     "remove it")
            << C.Spelling;
    }
  }
}

} // namespace cdp
