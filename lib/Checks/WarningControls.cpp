//===- WarningControls.cpp - clang's warning switches for checks ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Checks/WarningControls.h"

#include "Checks/CheckRegistry.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"

using namespace clang;

namespace cdp {

/// The check a `-W` group names ("cdp" for all), or nothing.
static std::optional<std::string> checkOfGroup(StringRef Group) {
  if (!Group.consume_front("-W") || !namesChecks(Group) ||
      Group.starts_with("no-") || Group.starts_with("error="))
    return std::nullopt;
  return Group.str();
}

/// clang reports a pragma naming a group it does not know and tells no
/// callback of it, so every `#pragma clang diagnostic` the preprocessor
/// reaches (skipped branches are not reached) is read from its text.
class PragmaDiagnosticRegions::Recorder : public PPCallbacks {
public:
  Recorder(const SourceManager &SM, std::vector<Event> &Events)
      : SM(SM), Events(Events) {}

  void PragmaDirective(SourceLocation Loc,
                       PragmaIntroducerKind Introducer) override {
    if (Introducer != PIK_HashPragma || Loc.isMacroID())
      return;
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(SM.getFileID(Loc), &Invalid);
    if (Invalid)
      return;
    StringRef Line = Buffer.drop_front(SM.getFileOffset(Loc));
    Line = Line.take_until([](char C) { return C == '\n'; });
    llvm::SmallVector<StringRef, 6> Words;
    Line.split(Words, ' ', -1, /*KeepEmpty=*/false);
    // `#pragma clang diagnostic <what> ["-Wgroup"]`, '#' and `pragma`
    // possibly apart.
    while (!Words.empty() &&
           (Words.front() == "#" || Words.front() == "#pragma" ||
            Words.front() == "pragma"))
      Words.erase(Words.begin());
    if (Words.size() < 3 || Words[0] != "clang" || Words[1] != "diagnostic")
      return;
    StringRef What = Words[2];
    if (What == "push" || What == "pop") {
      Events.push_back({What == "push" ? Event::Push : Event::Pop, Loc, "",
                        CheckLevel::Off});
      return;
    }
    if (Words.size() < 4)
      return;
    std::optional<std::string> Check = checkOfGroup(Words[3].trim().trim('"'));
    // clang's words for the levels: `ignored` is off, `fatal` an error.
    std::optional<CheckLevel> Level = What == "ignored" ? CheckLevel::Off
                                      : What == "fatal" ? CheckLevel::Error
                                                        : parseCheckLevel(What);
    if (Check && Level)
      Events.push_back({Event::Set, Loc, *Check, *Level});
  }

private:
  const SourceManager &SM;
  std::vector<Event> &Events;
};

void PragmaDiagnosticRegions::recordFrom(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<Recorder>(PP.getSourceManager(), Events));
}

std::optional<CheckLevel>
PragmaDiagnosticRegions::levelAt(StringRef Check, SourceLocation Loc,
                                 const SourceManager &SM) const {
  if (Events.empty())
    return std::nullopt;
  Loc = SM.getExpansionLoc(Loc);
  // The pragmas before Loc, replayed: each push saves the state.
  std::vector<llvm::StringMap<CheckLevel>> Stack(1);
  for (const Event &E : Events) {
    if (!SM.isBeforeInTranslationUnit(E.Loc, Loc))
      break; // Recorded in translation-unit order.
    switch (E.Kind) {
    case Event::Push:
      Stack.push_back(Stack.back());
      break;
    case Event::Pop:
      if (Stack.size() > 1)
        Stack.pop_back();
      break;
    case Event::Set:
      if (E.Check == "cdp")
        Stack.back().clear(); // Every check, whatever was said of one.
      Stack.back()[E.Check] = E.Level;
      break;
    }
  }
  const llvm::StringMap<CheckLevel> &State = Stack.back();
  if (auto It = State.find(Check); It != State.end())
    return It->second;
  if (auto It = State.find("cdp"); It != State.end())
    return It->second;
  return std::nullopt;
}

bool PragmaDiagnosticRegions::mayEnable(StringRef Check) const {
  return llvm::any_of(Events, [&](const Event &E) {
    return E.Kind == Event::Set && E.Level != CheckLevel::Off &&
           (E.Check == Check || E.Check == "cdp");
  });
}

/// The check that a warning flag without its "-W" names, or "cdp" for all:
/// "no-error=cdp-x" gives "cdp-x".
static StringRef checkOfFlag(StringRef Flag) {
  Flag.consume_front("no-");
  Flag.consume_front("error=");
  return Flag;
}

static bool isCheck(StringRef Name) {
  return Name == "cdp" ||
         llvm::any_of(allChecks(), [&](const CheckInfo &Check) {
           return Check.Name == Name;
         });
}

bool isCheckFlagNoise(const Diagnostic &Info) {
  llvm::SmallString<128> Text;
  Info.FormatDiagnostic(Text);
  StringRef Message = Text;
  bool Option = Message.consume_front("unknown warning option '");
  if (!Option && !Message.consume_front("unknown warning group '"))
    return false;
  StringRef Flag = Message.take_until([](char C) { return C == '\''; });
  if (!Flag.consume_front("-W") || !namesChecks(Flag))
    return false;
  StringRef Check = checkOfFlag(Flag);
  if (isCheck(Check))
    return true;
  // clang's own report of a misspelt check, without the suggestion that
  // reportMisspeltCheckFlags makes.
  return Option && !closestCheck(Check).empty() &&
         !Message.contains("; did you mean");
}

void reportMisspeltCheckFlags(DiagnosticsEngine &Diags,
                              llvm::ArrayRef<std::string> Warnings) {
  for (StringRef Flag : Warnings) {
    if (!namesChecks(Flag))
      continue;
    StringRef Check = checkOfFlag(Flag);
    StringRef Closest = closestCheck(Check);
    if (isCheck(Check) || Closest.empty())
      continue;
    std::string Prefix = Flag.drop_back(Check.size()).str();
    Diags.Report(diag::warn_unknown_diag_option)
        << /*warning*/ 0 << ("-W" + Flag).str() << /*suggestion*/ 1
        << ("-W" + Prefix + Closest).str();
  }
}

} // namespace cdp
