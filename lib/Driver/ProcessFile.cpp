//===- ProcessFile.cpp - What the command does to one input ---------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/ProcessFile.h"

#include "Driver/ActionFactory.h"
#include "Driver/CompileFlags.h"
#include "Driver/FileRun.h"
#include "Driver/FixIts.h"
#include "Driver/LaunchScan.h"
#include "Driver/LowerFile.h"
#include "Driver/MigrateFile.h"
#include "Driver/ParamLayoutDump.h"
#include "Driver/SarifExport.h"
#include "Driver/ToolDiagnostics.h"
#include "Driver/ToolStreams.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <set>

using namespace clang;

namespace cdp {

bool hasCompilerErrors(llvm::ArrayRef<tooling::Diagnostic> Found) {
  auto IsClangs = [](const tooling::Diagnostic &D) {
    return llvm::StringRef(D.DiagnosticName).starts_with("clang-diagnostic-");
  };
  auto Place = [](const tooling::Diagnostic &D) {
    return std::make_pair(D.Message.FilePath, D.Message.FileOffset);
  };
  std::set<std::pair<std::string, unsigned>> Explained;
  for (const tooling::Diagnostic &D : Found)
    if (!IsClangs(D))
      Explained.insert(Place(D));
  return llvm::any_of(Found, [&](const tooling::Diagnostic &D) {
    return IsClangs(D) && D.DiagLevel == tooling::Diagnostic::Error &&
           !Explained.count(Place(D));
  });
}

FileReport processFile(const std::string &Input, const FileJob &Job) {
  FileReport Report;
  llvm::Expected<std::vector<FileParse>> Parses = parsesOf(
      Job.Database, Input, Job.Adjuster, fileErrors(), Job.FlagsAreNvccs);
  if (!Parses) {
    toolError() << llvm::toString(Parses.takeError()) << "\n";
    Report.Failed = true;
    return Report;
  }
  // What a scan proves saves parses (LaunchScan.h): a file whose code is
  // the same for every architecture is parsed once (a CMake build names
  // eight), and the bodies of system headers' functions are skipped unless
  // a check follows calls into them. Only under nvcc's command line
  // (cdp-nvcc) is a file with nothing for the tool left unparsed: nvcc
  // compiles it next and reports what else is wrong with it, where the
  // tool alone must report it.
  bool OneArchitecture = Parses->size() == 1;
  std::optional<LaunchScan> Scan;
  if ((Job.NvccFlags || !OneArchitecture) && !Job.PrintParamLayout)
    Scan = scanForLowering(Parses->front());
  if (Scan)
    for (FileParse &Parse : *Parses)
      Parse.SkipSystemBodies = !Scan->FollowsCalls;
  if (Scan && Scan->Need != LaunchScan::PerArchitecture)
    Parses->resize(1);
  bool NothingToLower =
      Job.NvccFlags && Scan && Scan->Need == LaunchScan::NothingToLower;
  if (Job.PrintCommands) { // The parses that would run.
    if (!NothingToLower)
      for (const FileParse &Parse : *Parses)
        fileOutput() << llvm::join(Parse.CommandLine, " ") << "\n";
    return Report;
  }
  ToolDiagnostics Diagnostics(fileErrors(), Parses->front().CommandLine);
  if (Job.PrintParamLayout) {
    // One parse serves every architecture: the layout rule takes the
    // architecture as an argument.
    std::vector<unsigned> Archs;
    for (const FileParse &Parse : *Parses)
      for (unsigned Arch : gpuArchitecturesOf(Parse.CommandLine))
        if (!llvm::is_contained(Archs, Arch))
          Archs.push_back(Arch);
    llvm::raw_ostream &Out = fileOutput();
    ActionFactory<ParamLayoutDumpAction, llvm::raw_ostream,
                  const std::vector<unsigned>>
        Factory(Out, Archs);
    Report.Failed = !runParse(Parses->front(), Factory, Diagnostics);
    return Report;
  }
  if (NothingToLower) {
    auto Text = llvm::MemoryBuffer::getFile(Input);
    if (!Text) {
      toolError() << "'" << Input << "': " << Text.getError().message() << "\n";
      Report.Failed = true;
      return Report;
    }
    LoweredInput Unchanged;
    Unchanged.Text = (*Text)->getBuffer().str();
    Unchanged.Dependencies = std::move(Scan->Files);
    if (Job.WritesLowered)
      Report.Failed |= !writeLowered(Input, Unchanged, Job.Where);
    return Report;
  }
  std::optional<MigratedInput> Migrated;
  if (Job.MigrateCdp1) {
    // --fix and --export-fixes give the user's source migrated; -o and
    // -i go on to lower it, and keep the original line numbers.
    MigrationOptions Migration{Job.HeaderFilter, !Job.Fix && !Job.ExportFixes};
    Migrated = migrateFile(Input, Parses->front(), Migration, Diagnostics);
    if (Job.ExportSarif)
      Report.Sarif = sarifResults(Diagnostics.takeRecorded());
    if (!Migrated) {
      toolError() << "'" << Input
                  << "' was not migrated; it is left unchanged\n";
      Report.Failed = true;
      return Report;
    }
    // --fix and --export-fixes give the migration alone: CDP2 source,
    // still written with <<<>>>, which the next run lowers.
    if (Job.Fix || Job.ExportFixes) {
      LoweredInput AsLowered;
      AsLowered.Edits = Migrated->Edits;
      AsLowered.Text = Migrated->Text;
      for (const MigratedInput::Header &Header : Migrated->Headers)
        AsLowered.Headers.push_back(
            {Header.Path, "", Header.Text, Header.Edits});
      if (Job.Fix) {
        for (const LoweredInput::Header &Header : AsLowered.Headers)
          Report.Failed |= !writeFile(Header.Path, Header.Text);
        Report.Failed |= !writeFile(Input, Migrated->Text);
      } else {
        Report.Exported.push_back(loweringAsDiagnostic(
            Input, AsLowered, "migrated from CDP1 to CDP2 by cdp-lower"));
      }
      return Report;
    }
  }
  LoweringOptions FileOptions = Job.Options;
  // A lowered copy written elsewhere names the original in its #line.
  FileOptions.OriginalFileName = Job.EditsInPlace ? "" : Input;
  FileOptions.WarnOtherArchitectureBranches = OneArchitecture;
  // The migrated text's headers may still call CDP1's host API.
  if (Migrated)
    for (FileParse &Parse : *Parses)
      Parse = withCdp1Compat(std::move(Parse));
  std::optional<LoweredInput> Lowered =
      lowerFile(Input, *Parses, Job.Checks, FileOptions, Diagnostics,
                Migrated ? &*Migrated : nullptr);
  Report.Exported = Diagnostics.takeRecorded();
  // Before -i or --fix changes the files the results point into.
  if (Job.ExportSarif)
    llvm::append_range(Report.Sarif, sarifResults(Report.Exported));
  if (Job.Fix) {
    if (hasCompilerErrors(Report.Exported) && !Job.FixErrors) {
      toolError() << "'" << Input
                  << "' has compiler errors; its fix-its are not applied "
                     "(--fix-errors applies them anyway)\n";
      Report.Failed = true;
    } else {
      Report.Failed |= !applyFixIts(Report.Exported);
    }
  }
  if (!Lowered) {
    if (Job.WritesLowered)
      toolError() << "'" << Input
                  << "' was not lowered; it is left unchanged\n";
    Report.Failed = true;
    return Report;
  }
  Report.Launches = Lowered->Launches;
  if (Job.ExportFixes && !Job.CheckOnly)
    Report.Exported.push_back(loweringAsDiagnostic(Input, *Lowered));
  if (Job.WritesLowered)
    Report.Failed |= !writeLowered(Input, *Lowered, Job.Where);
  return Report;
}

} // namespace cdp
