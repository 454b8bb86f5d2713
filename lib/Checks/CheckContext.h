//===- CheckContext.h - What every check can ask and report ----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One per translation unit: the AST, which CDP version is in force, and the
// way checks report, through clang's diagnostic engine, so each message is
// `file:line:col: error: ... [-Wcdp-name]` with caret, ranges, notes and
// fix-its. Custom diagnostics cannot join clang's warning groups, so the
// `[-W...]` tag is part of the text and the level comes from CheckOptions.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_CHECKCONTEXT_H
#define CDP_LOWER_CHECKS_CHECKCONTEXT_H

#include "Checks/CheckOptions.h"
#include "Checks/PointerOrigin.h"
#include "Checks/Suppressions.h"
#include "CudaAST/CodeSites.h"
#include "Pdl/GridDependency.h"
#include "Pdl/ProgrammaticLaunch.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"

namespace clang {
class Preprocessor;
} // namespace clang

namespace cdp {

class PragmaDiagnosticRegions;
class SkippedCode;

/// CDP1 is the pre-CUDA-12 model (a parent may cudaDeviceSynchronize); CDP2
/// is the default since CUDA 12 and the only one on sm_90 and later.
enum class CdpVersion { CDP1, CDP2 };

/// CDP2 unless CUDA_FORCE_CDP1_IF_SUPPORTED is defined and the target is
/// below sm_90 (the rule of cuda_device_runtime_api.h and the guide).
CdpVersion cdpVersionOf(const clang::ASTContext &Context,
                        clang::Preprocessor &PP);

class CheckContext {
public:
  CheckContext(clang::ASTContext &AST, clang::Preprocessor &PP,
               const CheckOptions &Options,
               const SkippedCode *Skipped = nullptr,
               const PragmaDiagnosticRegions *Pragmas = nullptr)
      : AST(AST), PP(PP), Options(Options), Skipped(Skipped), Pragmas(Pragmas),
        Version(cdpVersionOf(AST, PP)), NoLint(AST.getSourceManager()) {}

  clang::ASTContext &ast() const { return AST; }
  clang::Preprocessor &preprocessor() const { return PP; }
  const clang::SourceManager &sourceManager() const {
    return AST.getSourceManager();
  }
  CdpVersion cdpVersion() const { return Version; }
  /// Whether this parse's code is what GPUs from sm_90 on JIT-compile: the
  /// build's newest PTX, for an architecture below sm_90.
  bool isPtxJitCompiledForPdl() const;
  /// Whether this parse's code runs programmatic launches as PDL somewhere:
  /// compiled for sm_90 or later, or JIT-compiled there.
  bool mayRunAsPdl() const;
  const CheckOptions &options() const { return Options; }
  /// What the preprocessor skipped; null when it was not recorded.
  const SkippedCode *skippedCode() const { return Skipped; }
  /// Where the call, unresolved call or asm statement \p S is written; null
  /// in a system header (see CodeSites).
  const CodeSite *siteOf(const clang::Stmt &S);
  /// The pointer origins of \p F's body (which it must have), found on
  /// first use: the local-pointer and shared-pointer checks both ask.
  const PointerOriginAnalysis &pointerOrigins(const clang::FunctionDecl &F);
  /// The paths of \p Kernel to its grid-dependency wait and trigger, from
  /// one CFG built on first use, which every PDL check reads.
  const GridDependencyAnalysis &
  gridDependency(const clang::FunctionDecl &Kernel);
  /// The PDL launches of the translation unit, found on first use.
  const std::vector<ProgrammaticLaunch> &programmaticLaunches();

  /// Reports \p Format (clang's %0 syntax) for \p Check at \p Loc.
  clang::DiagnosticBuilder report(llvm::StringRef Check,
                                  clang::SourceLocation Loc,
                                  llvm::StringRef Format);
  /// Reports NOLINT comments that silenced nothing (Suppressions.h).
  void reportUnusedSuppressions() {
    NoLint.reportUnused(AST.getDiagnostics(), [this](llvm::StringRef Check) {
      return Options.isEnabled(Check);
    });
  }
  /// A note for the diagnostic just reported.
  clang::DiagnosticBuilder note(clang::SourceLocation Loc,
                                llvm::StringRef Format);

private:
  clang::ASTContext &AST;
  clang::Preprocessor &PP;
  const CheckOptions &Options;
  const SkippedCode *Skipped;
  const PragmaDiagnosticRegions *Pragmas;
  CdpVersion Version;
  Suppressions NoLint;
  std::optional<std::vector<ProgrammaticLaunch>> Programmatic;
  /// Walked on first use, over the traversal scope runChecks sets.
  std::optional<CodeSites> Sites;
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::unique_ptr<PointerOriginAnalysis>>
      PointerOrigins;
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::unique_ptr<GridDependencyAnalysis>>
      GridDependencies;
};

} // namespace cdp

#endif // CDP_LOWER_CHECKS_CHECKCONTEXT_H
