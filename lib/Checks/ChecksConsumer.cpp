//===- ChecksConsumer.cpp - The checks on one parse -----------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Checks/ChecksConsumer.h"

#include "Checks/Check.h"
#include "Checks/CheckConfigFile.h"
#include "Checks/WarningControls.h"
#include "CudaAST/DiagnosticFilter.h"
#include "Pdl/SkippedCode.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/ScopeExit.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

/// Passes every diagnostic on, but clang's warnings about warning options
/// and groups that name checks (WarningControls.h), and clang's error for
/// a call of the CUDA runtime that device code cannot make where a check
/// reports that call.
///
/// For `cudaDeviceSynchronize()` or `cudaMemcpy(...)` in device code clang
/// says "no matching function for call to 'cudaDeviceSynchronize'", with a
/// note on the host declaration; the check at the same place says why and
/// what to write instead. The filter holds such an error and its notes back
/// until the checks have run (they run at the end of the translation unit)
/// and drops it where a check's error stands at its place; the others are
/// passed on as they came, at the end of the file.
class ChecksDiagnosticFilter : public DiagnosticFilter {
public:
  ChecksDiagnosticFilter(DiagnosticConsumer &Next,
                         std::unique_ptr<DiagnosticConsumer> Owned)
      : DiagnosticFilter(Next, std::move(Owned)) {}

  static void install(DiagnosticsEngine &Diags) {
    DiagnosticFilter::install<ChecksDiagnosticFilter>(
        Diags, [](DiagnosticConsumer &Next,
                  std::unique_ptr<DiagnosticConsumer> Owned) {
          return new ChecksDiagnosticFilter(Next, std::move(Owned));
        });
  }

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    if (isCheckFlagNoise(Info))
      return;
    if (Level == DiagnosticsEngine::Note && HoldingNotes) {
      Held.back().push_back(held(Level, Info));
      return;
    }
    HoldingNotes = false;
    if (Level >= DiagnosticsEngine::Error && isRuntimeCallWithoutMatch(Info)) {
      Held.push_back({held(Level, Info)});
      HoldingNotes = true;
      return;
    }
    if (Level >= DiagnosticsEngine::Error &&
        DiagnosticIDs::IsCustomDiag(Info.getID()))
      dropHeldAt(Info);
    passOn(Level, Info);
  }

private:
  struct HeldDiagnostic {
    DiagnosticsEngine::Level Level;
    const DiagnosticsEngine *Diags;
    SourceLocation Where;
    unsigned ID;
    std::string Message;
  };

  static HeldDiagnostic held(DiagnosticsEngine::Level Level,
                             const Diagnostic &Info) {
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    return {Level, Info.getDiags(), Info.getLocation(), Info.getID(),
            std::string(Message)};
  }

  /// clang's "no matching function for call to 'cuda...'".
  static bool isRuntimeCallWithoutMatch(const Diagnostic &Info) {
    llvm::SmallString<128> Message;
    Info.FormatDiagnostic(Message);
    return llvm::StringRef(Message).starts_with(
        "no matching function for call to 'cuda");
  }

  /// Drops the held errors at the place of the check's error \p Info.
  void dropHeldAt(const Diagnostic &Info) {
    if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
      return;
    const SourceManager &SM = Info.getSourceManager();
    SourceLocation At = SM.getExpansionLoc(Info.getLocation());
    llvm::erase_if(Held, [&](const std::vector<HeldDiagnostic> &Group) {
      return Group.front().Where.isValid() &&
             SM.getExpansionLoc(Group.front().Where) == At;
    });
  }

  void passOnHeld() override {
    std::vector<std::vector<HeldDiagnostic>> Groups = std::move(Held);
    Held.clear();
    HoldingNotes = false;
    for (const std::vector<HeldDiagnostic> &Group : Groups)
      for (const HeldDiagnostic &D : Group) {
        DiagnosticStorage NoStorage;
        Diagnostic Again(D.Diags, D.Where, D.ID, NoStorage, D.Message);
        passOn(D.Level, Again);
      }
  }

  /// Errors held back, each with its notes.
  std::vector<std::vector<HeldDiagnostic>> Held;
  bool HoldingNotes = false;
};

void filterCheckDiagnostics(DiagnosticsEngine &Diags) {
  ChecksDiagnosticFilter::install(Diags);
}

/// Every enabled check on \p AST, over the declarations outside system
/// headers.
void runChecks(ASTContext &AST, Preprocessor &PP, const CheckOptions &Options,
               const SkippedCode &Skipped,
               const PragmaDiagnosticRegions &Pragmas) {
  CheckContext Context(AST, PP, Options, &Skipped, &Pragmas);
  std::vector<std::unique_ptr<Check>> Checks;
  MatchFinder Finder;
  for (const CheckInfo &Info : allChecks()) {
    // A check that is off still runs where a pragma turns it on.
    if (!Options.isEnabled(Info.Name) && !Pragmas.mayEnable(Info.Name))
      continue;
    Checks.push_back(Info.Create(Info.Name, Context));
    Checks.back()->registerMatchers(Finder);
  }
  if (Checks.empty())
    return;
  // The checks decide their own levels, -Werror included (the options hold
  // the compile line's); clang's -Werror would make every warning an error,
  // -Wno-error=<check> or not, since clang knows no check as a warning
  // group. Nothing else reports while the checks run.
  DiagnosticsEngine &Diags = AST.getDiagnostics();
  bool WarningsAsErrors = Diags.getWarningsAsErrors();
  Diags.setWarningsAsErrors(false);
  llvm::scope_exit Restore(
      [&] { Diags.setWarningsAsErrors(WarningsAsErrors); });

  // The CUDA and C++ headers are most of a translation unit and hold none of
  // the user's launches: look only at declarations outside system headers.
  const SourceManager &SM = AST.getSourceManager();
  std::vector<Decl *> OldScope = AST.getTraversalScope();
  std::vector<Decl *> UserDecls;
  for (Decl *D : AST.getTranslationUnitDecl()->decls())
    if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      UserDecls.push_back(D);
  // CheckContext::siteOf walks the traversal scope on first use, which may
  // come as late as checkTranslationUnit().
  AST.setTraversalScope(UserDecls);
  Finder.matchAST(AST);
  for (const std::unique_ptr<Check> &C : Checks)
    C->checkTranslationUnit();
  AST.setTraversalScope(OldScope);
  Context.reportUnusedSuppressions();
}

class ChecksConsumer : public ASTConsumer {
public:
  ChecksConsumer(Preprocessor &PP, CheckOptions Options,
                 const SkippedCode *Recorded)
      : PP(PP), Options(std::move(Options)), Skipped(Recorded) {
    if (!Skipped) {
      OwnSkipped.recordFrom(PP);
      Skipped = &OwnSkipped;
    }
    Pragmas.recordFrom(PP);
  }

  void HandleTranslationUnit(ASTContext &Context) override {
    // Even when clang found errors: for a host-only call in device code
    // clang says only "no matching function", and the checks say why.
    if (Context.getLangOpts().CUDAIsDevice)
      runChecks(Context, PP, Options, *Skipped, Pragmas);
  }

private:
  Preprocessor &PP;
  CheckOptions Options;
  const SkippedCode *Skipped;
  SkippedCode OwnSkipped;
  PragmaDiagnosticRegions Pragmas;
};

/// The absolute path of the file \p CI compiles.
std::string mainFilePath(CompilerInstance &CI) {
  llvm::SmallString<256> Path(CI.getFrontendOpts().Inputs.empty()
                                  ? StringRef()
                                  : CI.getFrontendOpts().Inputs[0].getFile());
  CI.getFileManager().getVirtualFileSystem().makeAbsolute(Path);
  return std::string(Path);
}

} // namespace

std::unique_ptr<ASTConsumer>
createChecksConsumer(CompilerInstance &CI, const CheckOptions &DriverOptions,
                     const SkippedCode *Skipped) {
  // clang's "unknown warning group" for a pragma naming a check is noise:
  // the checks honour the pragma. clang's error for a host-only runtime call
  // in device code waits for the check that explains it.
  filterCheckDiagnostics(CI.getDiagnostics());
  return std::make_unique<ChecksConsumer>(
      CI.getPreprocessor(),
      DriverOptions.underCompileLine(
          CI.getDiagnosticOpts().Warnings,
          checkLevelsForFile(mainFilePath(CI), CI.getDiagnostics())),
      Skipped);
}

} // namespace cdp
