//===- ProgrammaticLaunchLowering.cpp - Rewrite one PDL launch ------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/ProgrammaticLaunchLowering.h"
#include "CudaAST/KernelName.h"

#include "CudaAST/WrittenText.h"
#include "Lowering/DefaultArgument.h"
#include "Lowering/KernelSignature.h"
#include "Lowering/LoweringDiagnostics.h"
#include "Lowering/SourceEdits.h"
#include "Pdl/ProgrammaticLaunch.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace cdp {
namespace {

class ProgrammaticLaunchLowerer {
public:
  ProgrammaticLaunchLowerer(const CUDAKernelCallExpr &Launch,
                            const PdlMarker &Marker, ASTContext &Context)
      : Launch(Launch), Marker(Marker), Context(Context),
        SM(Context.getSourceManager()), LangOpts(Context.getLangOpts()) {}

  bool lower(SourceEdits &Edits) {
    if (!isWholeStatement()) {
      report(Context.getDiagnostics(), Launch.getBeginLoc(),
             LoweringDiag::ProgrammaticLaunchNotStatement)
          << kernelName() << Launch.getSourceRange();
      return false;
    }
    CharSourceRange Statement = statementRange();
    if (Statement.isInvalid()) {
      report(Context.getDiagnostics(), Launch.getBeginLoc(),
             LoweringDiag::ProgrammaticLaunchInMacro)
          << kernelName() << Launch.getSourceRange();
      return false;
    }
    std::optional<std::string> Kernel = kernelExpression();
    if (!Kernel)
      return false;
    Edits.replace(Statement, block(*Kernel));
    return true;
  }

private:
  const CUDAKernelCallExpr &Launch;
  const PdlMarker &Marker;
  ASTContext &Context;
  const SourceManager &SM;
  const LangOptions &LangOpts;

  std::string kernelName() const {
    return quotedKernelName(Launch.getDirectCallee(),
                            text(*Launch.getCallee()));
  }

  /// The launch must be a statement of its own: the rewrite is a block.
  bool isWholeStatement() const {
    DynTypedNodeList Parents = Context.getParents(Launch);
    if (Parents.size() == 1 && Parents[0].get<ExprWithCleanups>())
      Parents = Context.getParents(*Parents[0].get<ExprWithCleanups>());
    if (Parents.size() != 1)
      return false;
    const Stmt *Parent = Parents[0].get<Stmt>();
    return Parent && !isa<Expr>(Parent) && !isa<DeclStmt>(Parent) &&
           !isa<ReturnStmt>(Parent);
  }

  /// From the kernel's name through the `;` after the launch, when all of
  /// it is written in the main file outside macros.
  CharSourceRange statementRange() const {
    SourceLocation Begin = Launch.getBeginLoc();
    SourceLocation End = Launch.getRParenLoc();
    if (Begin.isMacroID() || End.isMacroID() || !SM.isInMainFile(Begin))
      return {};
    SourceLocation AfterSemi = Lexer::findLocationAfterToken(
        End, tok::semi, SM, LangOpts,
        /*SkipTrailingWhitespaceAndNewLine=*/false);
    if (AfterSemi.isInvalid())
      return {};
    return CharSourceRange::getCharRange(Begin, AfterSemi);
  }

  std::string text(const Expr &E) const {
    return writtenText(E.getSourceRange(), SM, LangOpts);
  }

  /// The written text of an argument, or of the default it stands for.
  std::string argumentText(const Expr &E) const {
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(&E))
      return defaultArgumentText(*Default, Context);
    return text(E);
  }

  /// The kernel as cudaLaunchKernelEx can take it: a name that denotes one
  /// function. A deduced template or an overload set needs the
  /// kernel's type to pick the function `<<<>>>` picked.
  /// Nothing, after reporting, when the kernel's type cannot be written.
  std::optional<std::string> kernelExpression() const {
    std::string Written = text(*Launch.getCallee());
    const FunctionDecl *Kernel = Launch.getDirectCallee();
    const auto *Ref =
        dyn_cast<DeclRefExpr>(Launch.getCallee()->IgnoreParenImpCasts());
    if (!Kernel || !Ref)
      return Written;
    bool Deduced = Kernel->getTemplateSpecializationArgs() &&
                   !Ref->hasExplicitTemplateArgs();
    if (!Deduced && !Ref->hadMultipleCandidates())
      return Written;
    ParameterTypes Types = spellParameterTypes(*Kernel, Context);
    if (Types.Unwritable) {
      reportUnwritableParameter(Launch, *Kernel, *Types.Unwritable,
                                Context.getDiagnostics());
      return std::nullopt;
    }
    return "static_cast<void (*)(" + Types.Spelling + ")>(" + Written + ")";
  }

  /// \p Base, made distinct from every identifier of the launch so that
  /// the block's variables hide nothing the arguments name.
  std::string freshName(StringRef Base) const {
    std::string Launched = text(Launch);
    std::string Name = Base.str();
    while (llvm::Regex("(^|[^A-Za-z0-9_])" + Name + "($|[^A-Za-z0-9_])")
               .match(Launched))
      Name += "_";
    return Name;
  }

  /// The block that launches \p Kernel (see kernelExpression()).
  std::string block(const std::string &Kernel) const {
    const CallExpr *Config = Launch.getConfig();
    std::string ConfigName = freshName("cdpConfig");
    std::string AttributeName = freshName("cdpAttribute");
    unsigned Column = SM.getSpellingColumnNumber(Launch.getBeginLoc());
    std::string Indent(Column > 0 ? Column - 1 : 0, ' ');
    std::string Inner = Indent + "  ";

    std::string Out = "{\n";
    auto Line = [&](const std::string &S) { Out += Inner + S + ";\n"; };
    Line("cudaLaunchConfig_t " + ConfigName + " = {}");
    Line(ConfigName + ".gridDim = " + argumentText(*Config->getArg(0)));
    Line(ConfigName + ".blockDim = " + argumentText(*Config->getArg(1)));
    Line(ConfigName +
         ".dynamicSmemBytes = " + argumentText(*Config->getArg(2)));
    Line(ConfigName + ".stream = " + text(*Marker.Stream));
    Line("cudaLaunchAttribute " + AttributeName + " = {}");
    if (Marker.Attribute == PdlAttribute::StreamSerialization) {
      Line(AttributeName +
           ".id = cudaLaunchAttributeProgrammaticStreamSerialization");
      Line(AttributeName + ".val.programmaticStreamSerializationAllowed = 1");
    } else {
      Line(AttributeName + ".id = cudaLaunchAttributeProgrammaticEvent");
      Line(AttributeName +
           ".val.programmaticEvent.event = " + text(*Marker.Event));
      Line(AttributeName + ".val.programmaticEvent.triggerAtBlockStart = " +
           (Marker.TriggerAtBlockStart ? text(*Marker.TriggerAtBlockStart)
                                       : std::string("0")));
    }
    Line(ConfigName + ".attrs = &" + AttributeName);
    Line(ConfigName + ".numAttrs = 1");
    std::string Call = "cudaLaunchKernelEx(&" + ConfigName + ", " + Kernel;
    for (const Expr *Arg : Launch.arguments())
      Call += ", " + argumentText(*Arg);
    Line(Call + ")");
    Out += Indent + "}";
    return Out;
  }
};

} // namespace

bool lowerProgrammaticLaunch(const CUDAKernelCallExpr &Launch,
                             const PdlMarker &Marker, ASTContext &Context,
                             SourceEdits &Edits) {
  return ProgrammaticLaunchLowerer(Launch, Marker, Context).lower(Edits);
}

} // namespace cdp
