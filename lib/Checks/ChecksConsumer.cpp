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

/// Passes every diagnostic on but clang's warnings about warning options
/// and groups that name checks (WarningControls.h).
class CheckFlagNoiseFilter : public DiagnosticConsumer {
public:
  CheckFlagNoiseFilter(DiagnosticConsumer &Next,
                       std::unique_ptr<DiagnosticConsumer> Owned)
      : Next(Next), Owned(std::move(Owned)) {}

  void BeginSourceFile(const LangOptions &LangOpts,
                       const Preprocessor *PP) override {
    Next.BeginSourceFile(LangOpts, PP);
  }
  void EndSourceFile() override { Next.EndSourceFile(); }
  void finish() override { Next.finish(); }
  void clear() override {
    Next.clear();
    DiagnosticConsumer::clear();
  }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    if (isCheckFlagNoise(Info))
      return;
    Next.HandleDiagnostic(Level, Info);
    // Counted as the next consumer counts them (the tool's reports each
    // problem once), for clang's "N errors generated".
    NumErrors = Next.getNumErrors();
    NumWarnings = Next.getNumWarnings();
  }

private:
  DiagnosticConsumer &Next;
  std::unique_ptr<DiagnosticConsumer> Owned;
};

void filterCheckFlagNoise(DiagnosticsEngine &Diags) {
  bool Owned = Diags.ownsClient();
  std::unique_ptr<DiagnosticConsumer> Taken = Diags.takeClient();
  DiagnosticConsumer *Next = Owned ? Taken.get() : Diags.getClient();
  Diags.setClient(new CheckFlagNoiseFilter(*Next, std::move(Taken)),
                  /*ShouldOwnClient=*/true);
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
  // the checks honour the pragma.
  filterCheckFlagNoise(CI.getDiagnostics());
  return std::make_unique<ChecksConsumer>(
      CI.getPreprocessor(),
      DriverOptions.underCompileLine(
          CI.getDiagnosticOpts().Warnings,
          checkLevelsForFile(mainFilePath(CI), CI.getDiagnostics())),
      Skipped);
}

} // namespace cdp
