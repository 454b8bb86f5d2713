//===- CdpChecksPlugin.cpp - The checks inside a clang CUDA compile
//--------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Loads into clang 22 and runs the same checks as `cdp-lower`, from the same
// code (lib/Checks), with the same messages and -W names:
//
//   clang++ -fplugin=libCdpChecks.so -x cuda ...
//           -fplugin-arg-cdp-Wno-cdp-local-pointer
//
// A CUDA compile parses the file once for the host and once per GPU
// architecture. The checks look at device code and at the CDP version of a
// GPU target, so they run in the device compilations only; the host one
// stays silent, and each problem is reported once (per architecture).
//
//===----------------------------------------------------------------------===//

#include "Checks/AllChecks.h"
#include "Checks/CheckConfigFile.h"
#include "Checks/CheckOptions.h"
#include "Checks/WarningControls.h"
#include "Pdl/SkippedCode.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

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
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Next.HandleDiagnostic(Level, Info);
  }

private:
  DiagnosticConsumer &Next;
  std::unique_ptr<DiagnosticConsumer> Owned;
};

class ChecksConsumer : public ASTConsumer {
public:
  ChecksConsumer(Preprocessor &PP, CheckOptions Options)
      : PP(PP), Options(std::move(Options)) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    if (Context.getLangOpts().CUDAIsDevice)
      runChecks(Context, PP, Options, &Skipped, &Pragmas);
  }

  SkippedCode Skipped;
  PragmaDiagnosticRegions Pragmas;

private:
  Preprocessor &PP;
  /// A copy: clang destroys the plugin action once it has the consumer.
  CheckOptions Options;
};

class CdpChecksAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // The options file, the compile line's -W flags for checks, then the
    // plugin's own.
    llvm::SmallString<256> MainFile(
        CI.getFrontendOpts().Inputs.empty()
            ? StringRef()
            : CI.getFrontendOpts().Inputs[0].getFile());
    CI.getFileManager().getVirtualFileSystem().makeAbsolute(MainFile);
    auto Consumer = std::make_unique<ChecksConsumer>(
        CI.getPreprocessor(),
        Options.underCompileLine(
            CI.getDiagnosticOpts().Warnings,
            checkLevelsForFile(MainFile, CI.getDiagnostics())));
    Consumer->Skipped.recordFrom(CI.getPreprocessor());
    Consumer->Pragmas.recordFrom(CI.getPreprocessor());
    // clang's "unknown warning group" for a pragma naming a check is noise:
    // the checks honour the pragma.
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    bool Owned = Diags.ownsClient();
    std::unique_ptr<DiagnosticConsumer> Taken = Diags.takeClient();
    DiagnosticConsumer *Next = Owned ? Taken.get() : Diags.getClient();
    Diags.setClient(new CheckFlagNoiseFilter(*Next, std::move(Taken)),
                    /*ShouldOwnClient=*/true);
    return Consumer;
  }

  /// Takes -fplugin-arg-cdp-<flag>, where <flag> is a check control as the
  /// tool takes it: W<check>, Wno-<check>, Werror=<check>, ...
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (StringRef Arg : Args) {
      StringRef Flag = Arg;
      Flag.consume_front("-");
      llvm::Error E = Flag.consume_front("W")
                          ? Options.applyWarningFlag(Flag)
                          : llvm::createStringError(
                                "expected a check control such as "
                                "-fplugin-arg-cdp-Wno-cdp-local-pointer");
      if (E) {
        unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                            "cdp plugin argument '%0': %1");
        Diags.Report(ID) << Arg << llvm::toString(std::move(E));
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

private:
  CheckOptions Options;
};

} // namespace
} // namespace cdp

static FrontendPluginRegistry::Add<cdp::CdpChecksAction>
    RegisterCdpChecks("cdp", "checks of CUDA dynamic parallelism "
                             "(cdp-lower's checks)");
