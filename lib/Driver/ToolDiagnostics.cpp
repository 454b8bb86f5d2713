//===- ToolDiagnostics.cpp - Where cdp-lower's diagnostics go -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/ToolDiagnostics.h"

#include "Driver/NvccIdioms.h"

#include "Checks/WarningControls.h"

#include "clang/Basic/Sarif.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/SARIFDiagnostic.h"
#include "clang/Frontend/SARIFDiagnosticPrinter.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cdp {

ToolDiagnostics::ToolDiagnostics(llvm::raw_ostream &OS,
                                 const std::vector<std::string> &CommandLine)
    : OS(OS) {
  std::vector<const char *> Argv;
  for (const std::string &Arg : CommandLine)
    Argv.push_back(Arg.c_str());
  Options = CreateAndPopulateDiagOpts(Argv);
  // The driver's -fdiagnostics-format is not one that option parsing reads
  // for the diagnostic options; the compiler passes it on to cc1.
  for (size_t I = 0; I < CommandLine.size(); ++I) {
    llvm::StringRef Arg = CommandLine[I], Format;
    if (Arg == "-fdiagnostics-format" && I + 1 < CommandLine.size())
      Format = CommandLine[I + 1];
    else if (!Arg.consume_front("-fdiagnostics-format="))
      continue;
    else
      Format = Arg;
    Options->setFormat(
        llvm::StringSwitch<DiagnosticOptions::TextDiagnosticFormat>(Format)
            .Case("sarif", DiagnosticOptions::SARIF)
            .Case("msvc", DiagnosticOptions::MSVC)
            .Case("vi", DiagnosticOptions::Vi)
            .Default(DiagnosticOptions::Clang));
  }
  TextPrinter = std::make_unique<TextDiagnosticPrinter>(OS, *Options);
}

ToolDiagnostics::~ToolDiagnostics() = default;

void ToolDiagnostics::BeginSourceFile(const LangOptions &LangOpts,
                                      const Preprocessor *PP) {
  // A frontend action announces its file twice, the second time with the
  // preprocessor; the SARIF printer needs the preprocessor's source manager.
  ++OpenSourceFiles;
  this->LangOpts = LangOpts;
  TextPrinter->BeginSourceFile(LangOpts, PP);
  if (Options->getFormat() != DiagnosticOptions::SARIF || !PP || SarifPrinter)
    return;
  auto Printer = std::make_unique<SARIFDiagnosticPrinter>(OS, *Options);
  Printer->setSarifWriter(
      std::make_unique<SarifDocumentWriter>(PP->getSourceManager()));
  Printer->BeginSourceFile(LangOpts, PP);
  SarifPrinter = std::move(Printer);
}

void ToolDiagnostics::EndSourceFile() {
  TextPrinter->EndSourceFile();
  if (OpenSourceFiles > 0 && --OpenSourceFiles == 0 && SarifPrinter) {
    SarifPrinter->EndSourceFile(); // Prints the file's SARIF document.
    SarifPrinter.reset();
  }
}

void ToolDiagnostics::finish() {
  TextPrinter->finish();
  if (SarifPrinter)
    SarifPrinter->finish();
}

bool ToolDiagnostics::isRepeat(DiagnosticsEngine::Level Level,
                               const Diagnostic &Info) {
  if (Level == DiagnosticsEngine::Note)
    return DroppingNotes;
  llvm::SmallString<256> Key;
  Key += std::to_string(static_cast<int>(Level));
  if (Info.hasSourceManager() && Info.getLocation().isValid()) {
    PresumedLoc Where =
        Info.getSourceManager().getPresumedLoc(Info.getLocation());
    if (Where.isValid()) {
      Key += Where.getFilename();
      Key += ":" + std::to_string(Where.getLine()) + ":" +
             std::to_string(Where.getColumn());
    }
  }
  Key += ' ';
  Info.FormatDiagnostic(Key);
  DroppingNotes = !Printed.insert(Key).second;
  return DroppingNotes;
}

void ToolDiagnostics::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                       const Diagnostic &Info) {
  // The checks honour -W flags and pragmas naming them; clang does not
  // know those names (WarningControls.h).
  if (isCheckFlagNoise(Info))
    return;
  if (Level >= DiagnosticsEngine::Error)
    ++ErrorsReported;
  if (isRepeat(Level, Info))
    return;
  // Counted for clang's "N errors generated" line, which is printed per
  // pass: a repeat is not counted twice.
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  record(Level, Info);
  print(Level, Info);
  // One idiom note an error, under the error or under the note of clang's
  // that names the idiom, and at the error's place either way.
  if (Level != DiagnosticsEngine::Note) {
    IdiomNoted = false;
    LastErrorAt = Info.getLocation();
  }
  bool MayNameIdiom =
      Level == DiagnosticsEngine::Note || Level >= DiagnosticsEngine::Error;
  if (IdiomNoted || !MayNameIdiom)
    return;
  if (std::optional<std::string> Note = nvccIdiomNote(Info)) {
    IdiomNoted = true;
    DiagnosticsEngine &Diags =
        const_cast<DiagnosticsEngine &>(*Info.getDiags());
    unsigned ID =
        Diags.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Note, "%0");
    DiagnosticStorage NoStorage;
    Diagnostic Idiom(&Diags, LastErrorAt, ID, NoStorage, *Note);
    print(DiagnosticsEngine::Note, Idiom);
  }
}

void ToolDiagnostics::print(DiagnosticsEngine::Level Level,
                            const Diagnostic &Info) {
  if (SarifPrinter)
    SarifPrinter->HandleDiagnostic(Level, Info);
  else
    TextPrinter->HandleDiagnostic(Level, Info);
}

/// The check's name at the end of a check's message (`... [-Wcdp-x]` or
/// `[-Werror,-Wcdp-x]`), and the message without it; "cdp-lower" for
/// other diagnostics.
static std::pair<std::string, std::string> splitCheckName(StringRef Text) {
  size_t Open = Text.rfind(" [-W");
  if (Open == StringRef::npos || !Text.ends_with("]"))
    return {"cdp-lower", Text.str()};
  StringRef Flags = Text.slice(Open + 2, Text.size() - 1);
  StringRef Name =
      Flags.rsplit(',').second.empty() ? Flags : Flags.rsplit(',').second;
  Name.consume_front("-W");
  return {Name.str(), Text.take_front(Open).str()};
}

void ToolDiagnostics::record(DiagnosticsEngine::Level Level,
                             const Diagnostic &Info) {
  bool IsNote = Level == DiagnosticsEngine::Note;
  if (!IsNote)
    LastRecorded = false;
  if (!Info.hasSourceManager() || Info.getLocation().isInvalid() ||
      (IsNote && !LastRecorded) || Level == DiagnosticsEngine::Ignored)
    return;
  const SourceManager &SM = Info.getSourceManager();
  llvm::SmallString<256> Text;
  Info.FormatDiagnostic(Text);
  auto [Name, MessageText] = splitCheckName(Text);
  if (Name == "cdp-lower" && !DiagnosticIDs::IsCustomDiag(Info.getID())) {
    // clang's own, named as clang-tidy names them; the lowering's and the
    // migration's stay "cdp-lower".
    StringRef Option =
        Info.getDiags()->getDiagnosticIDs()->getWarningOptionForDiag(
            Info.getID());
    Name = "clang-diagnostic-" +
           (Option.empty()
                ? std::string(Level >= DiagnosticsEngine::Error ? "error"
                                                                : "warning")
                : Option.str());
  }
  tooling::DiagnosticMessage Message(MessageText, SM,
                                     SM.getFileLoc(Info.getLocation()));
  for (const FixItHint &Hint : Info.getFixItHints()) {
    tooling::Replacement Replacement(SM, Hint.RemoveRange, Hint.CodeToInsert,
                                     LangOpts);
    llvm::Error E = Message.Fix[Replacement.getFilePath()].add(Replacement);
    llvm::consumeError(std::move(E)); // Overlapping hints: keep the first.
  }
  if (IsNote) {
    Recorded.back().Notes.push_back(std::move(Message));
    return;
  }
  Recorded.emplace_back(
      Name, Message, llvm::SmallVector<tooling::DiagnosticMessage, 1>(),
      Level >= DiagnosticsEngine::Error ? tooling::Diagnostic::Error
                                        : tooling::Diagnostic::Warning,
      "");
  LastRecorded = true;
}

} // namespace cdp
