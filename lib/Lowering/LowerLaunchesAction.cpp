//===- LowerLaunchesAction.cpp - Lower every launch of a file -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/LowerLaunchesAction.h"

#include "Checks/AllChecks.h"
#include "CudaAST/FunctionStackVisitor.h"
#include "CudaAST/ProgrammaticLaunch.h"
#include "Lowering/LaunchLowering.h"
#include "Lowering/ProgrammaticLaunchLowering.h"
#include "Lowering/LoweringDiagnostics.h"
#include "Lowering/RuntimeInclude.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace cdp {

/// The include every lowered file gets, once.
static constexpr llvm::StringLiteral RuntimeHeader = "cdp/launch.cuh";

namespace {

/// Records whether the main file already includes the runtime (then
/// lowering its own output adds nothing).
class IncludeFinder : public PPCallbacks {
public:
  IncludeFinder(const SourceManager &SM, bool &IncludesRuntime)
      : SM(SM), IncludesRuntime(IncludesRuntime) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef Name,
                          bool, CharSourceRange, OptionalFileEntryRef,
                          StringRef, StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (SM.isWrittenInMainFile(HashLoc) && Name == RuntimeHeader)
      IncludesRuntime = true;
  }

private:
  const SourceManager &SM;
  bool &IncludesRuntime;
};

/// Visits the declarations written in the main file (template patterns, not
/// their instantiations: a launch in a template is rewritten once) and
/// lowers each device-side launch.
class LaunchVisitor : public FunctionStackVisitor<LaunchVisitor> {
public:
  LaunchVisitor(ASTContext &Context, const LaunchLoweringOptions &Options,
                SourceEdits &Edits)
      : Context(Context), Options(Options), SM(Context.getSourceManager()),
        Edits(Edits) {}

  /// Device-side launches rewritten (they need the runtime header).
  unsigned lowered() const { return Lowered; }
  /// Host-side programmatic dependent launches rewritten.
  unsigned loweredProgrammatic() const { return LoweredProgrammatic; }

  bool TraverseDecl(Decl *D) {
    // Headers hold no launch to rewrite; skipping them is most of the speed.
    if (D && !isa<TranslationUnitDecl>(D) &&
        !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      return true;
    return FunctionStackVisitor::TraverseDecl(D);
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Launch) {
    switch (currentSide()) {
    case LaunchSide::Host:
      if (std::optional<PdlMarker> Marker = pdlMarkerOf(*Launch))
        LoweredProgrammatic +=
            lowerProgrammaticLaunch(*Launch, *Marker, Context, Edits);
      break;
    case LaunchSide::Device:
      if (pdlMarkerOf(*Launch)) {
        // Reported by cdp-pdl-device-launch; still no lowering to offer.
        report(Context.getDiagnostics(), Launch->getBeginLoc(),
               LoweringDiag::ProgrammaticMarkerOnDeviceLaunch)
            << (Launch->getDirectCallee()
                    ? "'" + Launch->getDirectCallee()->getNameAsString() + "'"
                    : std::string("the kernel"));
        break;
      }
      Lowered += lowerLaunch(*Launch, Context, Options, Edits, State);
      break;
    case LaunchSide::HostDevice:
      // Reported by cdp-host-device-launch; with that check off, the launch
      // is left as written for nvcc.
      break;
    }
    return true;
  }

private:
  ASTContext &Context;
  const LaunchLoweringOptions &Options;
  const SourceManager &SM;
  SourceEdits &Edits;
  LaunchLoweringState State;
  unsigned Lowered = 0;
  unsigned LoweredProgrammatic = 0;
};

class LowerLaunchesConsumer : public ASTConsumer {
public:
  LowerLaunchesConsumer(const LoweringOptions &Options, LoweredFile &Result,
                        Preprocessor &PP, const bool &IncludesRuntime,
                        const SkippedCode &Skipped)
      : Options(Options), Result(Result), PP(PP),
        IncludesRuntime(IncludesRuntime), Skipped(Skipped) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    SourceManager &SM = Context.getSourceManager();
    DiagnosticsEngine &Diags = Context.getDiagnostics();
    // Even when clang found errors: for a host-only call in device code
    // clang says only "no matching function", and the checks say why.
    runChecks(Context, PP, Options.Checks, &Skipped);
    if (Diags.hasErrorOccurred())
      return; // The file does not compile; lowering it would only mislead.

    // Lowered under --check-only too: what the lowering refuses is as much
    // a reason not to build as what the checks find.
    FileID Main = SM.getMainFileID();
    SourceEdits Edits(SM, Main);
    LaunchVisitor Visitor(Context, Options.Launches, Edits);
    Visitor.TraverseDecl(Context.getTranslationUnitDecl());
    if (Diags.hasErrorOccurred())
      return;

    if (Visitor.lowered() > 0 && !IncludesRuntime) {
      RuntimeInclude Include = runtimeIncludeFor(Main, RuntimeHeader,
                                                 Options.OriginalFileName, SM,
                                                 Context.getLangOpts());
      Edits.insert(Include.At, Include.Text);
    }
    std::optional<std::vector<TextEdit>> Resolved = Edits.resolve(Diags);
    if (!Resolved)
      return;
    Result.LoweredLaunches = Visitor.lowered() + Visitor.loweredProgrammatic();
    Result.Succeeded = true;
    if (Options.CheckOnly)
      return;
    Result.Original = SM.getBufferData(Main).str();
    Result.Edits = std::move(*Resolved);
    Result.Text = applyTextEdits(Result.Original, Result.Edits);
  }

private:
  const LoweringOptions &Options;
  LoweredFile &Result;
  Preprocessor &PP;
  const bool &IncludesRuntime;
  const SkippedCode &Skipped;
};

} // namespace

bool LowerLaunchesAction::BeginSourceFileAction(CompilerInstance &CI) {
  CI.getPreprocessor().addPPCallbacks(std::make_unique<IncludeFinder>(
      CI.getSourceManager(), IncludesRuntime));
  Skipped.recordFrom(CI.getPreprocessor());
  return true;
}

std::unique_ptr<ASTConsumer>
LowerLaunchesAction::CreateASTConsumer(CompilerInstance &CI, StringRef) {
  return std::make_unique<LowerLaunchesConsumer>(
      Options, Result, CI.getPreprocessor(), IncludesRuntime, Skipped);
}

} // namespace cdp
