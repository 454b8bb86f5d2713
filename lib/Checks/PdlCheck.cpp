//===- PdlCheck.cpp - Checks of Programmatic Dependent Launch -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Checks/PdlCheck.h"
#include "CudaAST/KernelName.h"

#include "CudaAST/BodyTokens.h"
#include "CudaAST/Target.h"
#include "Pdl/SkippedCode.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace cdp {

/// The text of the wait that the preprocessor may have removed.
static constexpr StringRef WaitSpellings[] = {"cudaGridDependencySynchronize",
                                              "griddepcontrol.wait"};

static const FunctionDecl &patternOf(const FunctionDecl &Kernel) {
  const FunctionDecl *Pattern = Kernel.getTemplateInstantiationPattern();
  return Pattern ? *Pattern : Kernel;
}

void PdlCheck::checkTranslationUnit() {
  if (!Context.mayRunAsPdl())
    return;
  llvm::DenseSet<const FunctionDecl *> Seen;
  llvm::DenseSet<std::pair<const FunctionDecl *, const FunctionDecl *>> Pairs;
  for (const ProgrammaticLaunch &Launch : Context.programmaticLaunches()) {
    const FunctionDecl *Kernel = Launch.Launch.Kernel;
    if (!Kernel || *Launch.Launch.Pdl != PdlAttribute::StreamSerialization)
      continue;
    if (Seen.insert(&patternOf(*Kernel)).second) {
      const GridDependencyAnalysis &Analysis = Context.gridDependency(*Kernel);
      if (Analysis.valid())
        checkSecondary(*Kernel, Launch, Analysis);
    }
    const FunctionDecl *Primary =
        Launch.Primary ? Launch.Primary->Kernel : nullptr;
    if (Primary &&
        Pairs.insert({&patternOf(*Primary), &patternOf(*Kernel)}).second)
      checkPrimary(*Primary, *Kernel, Launch);
  }
}

std::string PdlCheck::kernelName(const FunctionDecl &Kernel) {
  return quotedKernelName(&Kernel);
}

void PdlCheck::noteLaunch(const ProgrammaticLaunch &Launch) {
  const SourceManager &SM = Context.sourceManager();
  note(SM.getExpansionLoc(Launch.Launch.Site->getBeginLoc()),
       "launched here as a PDL secondary (programmatic stream "
       "serialization): it may start before the previous kernel in its "
       "stream has finished");
}

void PdlCheck::notePath(const BodyPath &Path, StringRef Waiting) {
  const SourceManager &SM = Context.sourceManager();
  for (const PathBranch &Branch : Path.Branches)
    note(SM.getExpansionLoc(Branch.Condition->getBeginLoc()),
         Branch.Taken ? "on the path where this condition is true"
                      : "on the path where this condition is false")
        << Branch.Condition->getSourceRange();
  if (Path.Return)
    note(SM.getExpansionLoc(Path.Return->getBeginLoc()),
         ("returning here " + Waiting).str());
}

std::optional<PdlCheck::CompiledOutWait>
PdlCheck::compiledOutWait(const FunctionDecl &Kernel) const {
  const SkippedCode *Skipped = Context.skippedCode();
  const FunctionDecl &Pattern = patternOf(Kernel);
  if (!Skipped || !Pattern.getBody())
    return std::nullopt;
  const SourceManager &SM = Context.sourceManager();
  CharSourceRange Body =
      SM.getExpansionRange(Pattern.getBody()->getSourceRange());
  for (StringRef Wait : WaitSpellings)
    for (const SkippedCode::Mention &M :
         Skipped->mentionsBetween(Body.getBegin(), Body.getEnd(), Wait))
      return CompiledOutWait{M.Word, M.Directive, ""};
  std::optional<CompiledOutWait> ByMacro;
  forEachIdentifierInBody(
      Pattern, SM, Context.ast().getLangOpts(),
      [&](const Token &Identifier, const Token &) {
        if (ByMacro)
          return;
        StringRef Name = Identifier.getRawIdentifier();
        for (StringRef Wait : WaitSpellings) {
          SourceLocation Definition =
              Skipped->skippedDefinitionMentioning(Name, Wait);
          if (Definition.isValid()) {
            ByMacro = CompiledOutWait{Identifier.getLocation(), Definition,
                                      Name.str()};
            return;
          }
        }
      });
  return ByMacro;
}

std::string PdlCheck::targetName() const {
  return smName(targetSmVersion(Context.ast()));
}

} // namespace cdp
