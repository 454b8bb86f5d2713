//===- CheckContext.cpp - What every check can ask and report ------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Checks/CheckContext.h"
#include "Checks/WarningControls.h"
#include "CudaAST/CustomDiagnostic.h"

#include "CudaAST/Target.h"

#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace cdp {

CdpVersion cdpVersionOf(const ASTContext &Context, Preprocessor &PP) {
  if (PP.isMacroDefined("CUDA_FORCE_CDP1_IF_SUPPORTED") &&
      targetSmVersion(Context) < 90)
    return CdpVersion::CDP1;
  return CdpVersion::CDP2;
}

bool CheckContext::isPtxJitCompiledForPdl() const {
  unsigned Target = targetSmVersion(AST);
  return Target < FirstPdlSmVersion && Target == Options.ptxJitArchitecture();
}

bool CheckContext::mayRunAsPdl() const {
  return targetSmVersion(AST) >= FirstPdlSmVersion || isPtxJitCompiledForPdl();
}

DiagnosticBuilder CheckContext::report(StringRef Check, SourceLocation Loc,
                                       StringRef Format) {
  DiagnosticsEngine &Diags = AST.getDiagnostics();
  // The compile line's and the tool's flags, then the pragmas in force.
  CheckLevel Level = Options.levelOf(Check);
  if (Pragmas)
    if (std::optional<CheckLevel> AtLoc =
            Pragmas->levelAt(Check, Loc, AST.getSourceManager()))
      Level = *AtLoc;
  // -w, as it treats clang's own warnings; -Werror (the compile line's is
  // among the options) unless -Wno-error=<check>, a pragma's warning too.
  if (Level == CheckLevel::Warning && Diags.getIgnoreAllWarnings())
    Level = CheckLevel::Off;
  if (Level == CheckLevel::Warning && Options.turnsWarningIntoError(Check))
    Level = CheckLevel::Error;
  // Off here, or silenced by a NOLINT comment: reported as ignored, which
  // silences the notes that follow too, and takes the caller's arguments.
  if (Level == CheckLevel::Off || NoLint.suppresses(Check, Loc))
    return reportCustom(Diags, Loc, DiagnosticIDs::Ignored, Format);
  std::string Text = Format.str();
  bool Promoted = Level == CheckLevel::Error && !Options.defaultsToError(Check);
  // -fno-diagnostics-show-option drops the flag, as for clang's warnings.
  if (Diags.getDiagnosticOptions().ShowOptionNames) {
    Text += Promoted ? " [-Werror,-W" : " [-W";
    Text += Check;
    Text += "]";
  }
  DiagnosticIDs::Level IDLevel = DiagnosticIDs::Warning;
  if (Level == CheckLevel::Error)
    IDLevel = DiagnosticIDs::Error;
  else if (Level == CheckLevel::Remark)
    IDLevel = DiagnosticIDs::Remark;
  return reportCustom(Diags, Loc, IDLevel, Text);
}

const CodeSite *CheckContext::siteOf(const Stmt &S) {
  if (!Sites)
    Sites.emplace(AST);
  return Sites->find(S);
}

const PointerOriginAnalysis &
CheckContext::pointerOrigins(const FunctionDecl &F) {
  std::unique_ptr<PointerOriginAnalysis> &Analysis = PointerOrigins[&F];
  if (!Analysis)
    Analysis = std::make_unique<PointerOriginAnalysis>(*F.getBody(), AST);
  return *Analysis;
}

const GridDependencyAnalysis &
CheckContext::gridDependency(const FunctionDecl &Kernel) {
  std::unique_ptr<GridDependencyAnalysis> &Analysis = GridDependencies[&Kernel];
  if (!Analysis)
    Analysis = std::make_unique<GridDependencyAnalysis>(Kernel, AST);
  return *Analysis;
}

const std::vector<ProgrammaticLaunch> &CheckContext::programmaticLaunches() {
  if (!Programmatic)
    Programmatic = findProgrammaticLaunches(AST);
  return *Programmatic;
}

DiagnosticBuilder CheckContext::note(SourceLocation Loc, StringRef Format) {
  return reportCustom(AST.getDiagnostics(), Loc, DiagnosticIDs::Note, Format);
}

} // namespace cdp
