//===- ChildCopies.cpp - A child's body for one thread, and its users -----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/ChildCopies.h"

#include "Aggregation/BarrierPhases.h"
#include "Aggregation/ChildGridUses.h"
#include "Aggregation/IndexGuard.h"
#include "Aggregation/LaneSums.h"
#include "Aggregation/LaunchBounds.h"
#include "CudaAST/LineDirectives.h"
#include "CudaAST/RuntimeNames.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/InsertedLines.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cdp {
namespace {

/// The name of \p Child's parameter \p Param: `cdp_argN` when unnamed.
std::string parameterName(const ParmVarDecl &Param) {
  return Param.getIdentifier()
             ? Param.getNameAsString()
             : "cdp_arg" + std::to_string(Param.getFunctionScopeIndex());
}

/// `const int *edges, int first` for \p Child's parameters.
std::string parameterList(const FunctionDecl &Child, ASTContext &Context) {
  llvm::SmallVector<std::string, 8> Declarations;
  for (const ParmVarDecl *Param : Child.parameters()) {
    std::string Declaration;
    llvm::raw_string_ostream OS(Declaration);
    Param->getType().print(OS, Context.getPrintingPolicy(),
                           parameterName(*Param));
    Declarations.push_back(Declaration);
  }
  return llvm::join(Declarations, ", ");
}

/// `edges, first` for \p Child's parameters, as the runtime of a serial
/// run or a coarsened block takes them: a reference parameter by its
/// address (`cdp::byAddress(graph)`), which the runtime copies, holds and
/// shuffles as a value and the child's copy binds again, where the
/// reference itself would be copied as its object.
std::string argumentList(const FunctionDecl &Child) {
  llvm::SmallVector<std::string, 8> Names;
  for (const ParmVarDecl *Param : Child.parameters())
    Names.push_back(Param->getType()->isReferenceType()
                        ? runtime::ByAddress.str() + "(" +
                              parameterName(*Param) + ")"
                        : parameterName(*Param));
  return llvm::join(Names, ", ");
}

/// `, <List>`, or nothing for an empty list.
std::string andThen(const std::string &List) {
  return List.empty() ? "" : ", " + List;
}

/// A template child's parameters, as written (`class Value`), and the
/// arguments that name them (`<Value>`); empty for another child.
struct TemplateHead {
  std::string Parameters;
  std::string Arguments;

  /// `template <class Value>` and a line break, or nothing.
  std::string declaration() const {
    return Parameters.empty() ? "" : "template <" + Parameters + ">\n";
  }
};

TemplateHead templateHeadOf(const FunctionDecl &Child, ASTContext &Context) {
  const FunctionTemplateDecl *Template = Child.getDescribedFunctionTemplate();
  if (!Template)
    return {};
  const TemplateParameterList &Parameters = *Template->getTemplateParameters();
  llvm::SmallVector<std::string, 4> Names;
  for (const NamedDecl *Parameter : Parameters)
    Names.push_back(Parameter->getNameAsString() +
                    (Parameter->isParameterPack() ? "..." : ""));
  return {writtenText(CharSourceRange::getCharRange(
                          Parameters.getLAngleLoc().getLocWithOffset(1),
                          Parameters.getRAngleLoc()),
                      Context.getSourceManager(), Context.getLangOpts()),
          "<" + llvm::join(Names, ", ") + ">"};
}

/// Where the statement \p S begins in the file (`__shared__` is a macro).
SourceLocation statementBegin(const Stmt &S, const SourceManager &SM) {
  return SM.getExpansionLoc(S.getBeginLoc());
}

/// Where the statement \p S ends in the file: after its semicolon.
SourceLocation afterStatement(const Stmt &S, const SourceManager &SM,
                              const LangOptions &LangOpts) {
  const SourceLocation End = SM.getExpansionRange(S.getEndLoc()).getEnd();
  SourceLocation AfterSemi =
      Lexer::findLocationAfterToken(End, tok::semi, SM, LangOpts, false);
  return AfterSemi.isValid() ? AfterSemi
                             : Lexer::getLocForEndOfToken(End, 0, SM, LangOpts);
}

/// One line per `__shared__` variable of \p Child's body, each the
/// variable's type of \p Type printed with its name, then \p After
/// (`float tile[32];` for the members of `<child>_shared`).
std::string
perSharedVariable(const FunctionDecl &Child, ASTContext &Context,
                  llvm::function_ref<QualType(QualType)> Type,
                  llvm::function_ref<std::string(StringRef)> After) {
  std::string Lines;
  llvm::raw_string_ostream OS(Lines);
  for (const VarDecl *Shared : sharedVariables(Child)) {
    OS << "  ";
    Type(Shared->getType())
        .print(OS, Context.getPrintingPolicy(), Shared->getName());
    OS << After(Shared->getName()) << "\n";
  }
  return Lines;
}

/// The members of `<child>_shared`, as the variables are declared.
std::string sharedMembers(const FunctionDecl &Child, ASTContext &Context) {
  return perSharedVariable(
      Child, Context, [](QualType T) { return T; },
      [](StringRef) { return std::string(";"); });
}

/// The references to the members of `cdp_shared`, by the names of the
/// variables they stand for (`float (&tile)[32] = cdp_shared.tile;`).
std::string sharedReferences(const FunctionDecl &Child, ASTContext &Context) {
  return perSharedVariable(
      Child, Context,
      [&](QualType T) { return Context.getLValueReferenceType(T); },
      [](StringRef Name) { return " = cdp_shared." + Name.str() + ";"; });
}

/// The type of a lane's sum of \p Variable: its own, unsigned for an int
/// (an unsigned sum wraps, as the atomics do, where an int's overflow is
/// undefined).
std::string laneSumType(const VarDecl &Variable, ASTContext &Context) {
  const QualType Type = Variable.getType().getUnqualifiedType();
  return Type->isSpecificBuiltinType(BuiltinType::Int)
             ? "unsigned"
             : Type.getAsString(Context.getPrintingPolicy());
}

/// The members of `<child>_shared` that a serial run's lanes add up in
/// (cdp::serial::HasLaneSums): `cdp_lane_sums`, and `cdp_add`, which adds
/// the sums of the lanes of a serial run to the slot at the end of a phase,
/// once (cdp::serial::addOnce). Nothing without \p Sums.
std::string laneSumsMembers(llvm::ArrayRef<LaneSum> Sums, ASTContext &Context) {
  if (Sums.empty())
    return "";
  std::string Members;
  llvm::SmallPtrSet<const VarDecl *, 4> Declared;
  for (const LaneSum &Sum : Sums)
    if (Declared.insert(Sum.Variable).second)
      Members += "    " + laneSumType(*Sum.Variable, Context) + " " +
                 Sum.Variable->getNameAsString() + " = 0;\n";
  std::string Adds;
  for (size_t I = 0; I < Sums.size();) {
    const unsigned Phase = Sums[I].Phase;
    std::vector<std::string> Lines;
    for (; I < Sums.size() && Sums[I].Phase == Phase; ++I) {
      const std::string Name = Sums[I].Variable->getNameAsString();
      Lines.push_back("cdp::serial::addOnce(" + Name + ", cdp_sums." + Name +
                      ", cdp_lanes);");
    }
    Adds += "    if (cdp_phase == " + std::to_string(Phase) + ")";
    Adds += Lines.size() == 1
                ? "\n      " + Lines.front() + "\n"
                : " {\n      " + llvm::join(Lines, "\n      ") + "\n    }\n";
  }
  return "  /// What each lane of a serial run adds up alone, in the phases "
         "that only\n  /// add to a variable; at the phase's end, the lanes' "
         "sums go to the slot\n  /// as one addition.\n"
         "  struct cdp_lane_sums {\n" +
         Members +
         "  };\n  __device__ void cdp_add(const cdp_lane_sums &cdp_sums, "
         "unsigned cdp_phase,\n                          unsigned "
         "cdp_lanes) {\n" +
         Adds + "  }\n";
}

/// A piece of a child's body that the text of its phases writes otherwise.
struct BodyCut {
  SourceLocation Begin, End;
  /// What stands in its place; nothing for a declaration left out, whose
  /// indentation goes too.
  std::string Replacement;
};

/// `cdp_sums.total += (int)(x)` for `atomicAdd(&total, x)`, or nothing
/// after an error.
std::optional<std::string> laneSumText(const LaneSum &Sum,
                                       const LaneSum::Addition &Addition,
                                       ASTContext &Context,
                                       const SourceEdits &Edits) {
  const Expr &Value = *Addition.Call->getArg(1);
  std::optional<std::string> ValueText = Edits.textAfterEdits(
      CharSourceRange::getCharRange(
          Value.getBeginLoc(),
          Lexer::getLocForEndOfToken(Value.getEndLoc(), 0,
                                     Context.getSourceManager(),
                                     Context.getLangOpts())),
      Context.getDiagnostics());
  if (!ValueText)
    return std::nullopt;
  std::string Text = "cdp_sums." + Sum.Variable->getNameAsString() + " += ";
  if (!Addition.Converts)
    return Text + *ValueText;
  return Text + "(" +
         Sum.Variable->getType().getUnqualifiedType().getAsString(
             Context.getPrintingPolicy()) +
         ")(" + *ValueText + ")";
}

/// What the phases' text leaves out of \p Child's body (its declarations of
/// shared variables) and writes otherwise (the additions of \p Sums), in
/// the order written; nothing after an error.
std::optional<std::vector<BodyCut>> bodyCuts(const BarrierPhases &Phases,
                                             llvm::ArrayRef<LaneSum> Sums,
                                             ASTContext &Context,
                                             const SourceEdits &Edits) {
  const SourceManager &SM = Context.getSourceManager();
  const LangOptions &LangOpts = Context.getLangOpts();
  std::vector<BodyCut> Cuts;
  for (const DeclStmt *Shared : Phases.SharedDeclarations)
    Cuts.push_back({statementBegin(*Shared, SM),
                    afterStatement(*Shared, SM, LangOpts), ""});
  for (const LaneSum &Sum : Sums)
    for (const LaneSum::Addition &Addition : Sum.Additions) {
      std::optional<std::string> Text =
          laneSumText(Sum, Addition, Context, Edits);
      if (!Text)
        return std::nullopt;
      Cuts.push_back({Addition.Call->getBeginLoc(),
                      Lexer::getLocForEndOfToken(Addition.Call->getEndLoc(), 0,
                                                 SM, LangOpts),
                      *Text});
    }
  llvm::sort(Cuts, [&](const BodyCut &A, const BodyCut &B) {
    return SM.isBeforeInTranslationUnit(A.Begin, B.Begin);
  });
  return Cuts;
}

/// The body of `<child>_phase`: its shared variables' references, then each
/// phase of \p Child's body as written (shared declarations left out, the
/// declarations of earlier phases it reads declared again first, the
/// additions of \p Sums to the lane's sums), run when cdp_phase names it.
/// Nothing after an error.
std::optional<std::string> phasesText(const FunctionDecl &Child,
                                      const BarrierPhases &Phases,
                                      llvm::ArrayRef<LaneSum> Sums,
                                      ASTContext &Context,
                                      const SourceEdits &Edits) {
  const SourceManager &SM = Context.getSourceManager();
  const LangOptions &LangOpts = Context.getLangOpts();
  const auto *Body = cast<CompoundStmt>(Child.getBody());
  auto TextOf = [&](SourceLocation Begin, SourceLocation End) {
    return Edits.textAfterEdits(CharSourceRange::getCharRange(Begin, End),
                                Context.getDiagnostics());
  };
  std::optional<std::vector<BodyCut>> Cuts =
      bodyCuts(Phases, Sums, Context, Edits);
  if (!Cuts)
    return std::nullopt;
  std::string Text = "{\n" + sharedReferences(Child, Context);
  SourceLocation Begin = Body->getLBracLoc().getLocWithOffset(1);
  for (unsigned Phase = 0; Phase < Phases.phases(); ++Phase) {
    const bool Last = Phase + 1 == Phases.phases();
    const SourceLocation End =
        Last ? Body->getRBracLoc() : Phases.Barriers[Phase]->getBeginLoc();
    Text += "  if (cdp_phase == " + std::to_string(Phase) + ") {\n";
    for (const DeclStmt *Again : Phases.Redeclared[Phase]) {
      std::optional<std::string> Declaration = TextOf(
          statementBegin(*Again, SM), afterStatement(*Again, SM, LangOpts));
      if (!Declaration)
        return std::nullopt;
      Text += "  " + *Declaration + "\n";
    }
    Text += lineDirectiveAt(SM, Begin);
    // The phase's text, with the cuts made.
    for (const BodyCut &Cut : *Cuts) {
      if (!SM.isBeforeInTranslationUnit(Cut.Begin, End) ||
          SM.isBeforeInTranslationUnit(Cut.Begin, Begin))
        continue;
      std::optional<std::string> Before = TextOf(Begin, Cut.Begin);
      if (!Before)
        return std::nullopt;
      Text += Cut.Replacement.empty() ? StringRef(*Before).rtrim(" \t").str()
                                      : *Before + Cut.Replacement;
      Begin = Cut.End;
    }
    std::optional<std::string> Rest = TextOf(Begin, End);
    if (!Rest)
      return std::nullopt;
    // (The blank lines that end it are the barrier's indentation.)
    Text += StringRef(*Rest).rtrim().str() + "\n  }\n";
    if (!Last)
      Begin = afterStatement(*Phases.Barriers[Phase], SM, LangOpts);
  }
  return Text + "}";
}

/// `, cdp::serial::phasesAtXZero<0, 2>`, the phases in which only threads
/// of x index 0 do anything (the runtime's mask has 64 bits), or nothing.
std::string atXZero(const BarrierPhases &Phases) {
  llvm::SmallVector<std::string, 4> Indices;
  for (unsigned Phase : Phases.AtXZero)
    if (Phase < 64)
      Indices.push_back(std::to_string(Phase));
  if (Indices.empty())
    return "";
  return ", " + runtime::SerialPhasesAtXZero.str() + "<" +
         llvm::join(Indices, ", ") + ">";
}

bool writeChildCopy(const FunctionDecl &Child, const ChildCopy &Copy,
                    ASTContext &Context,
                    llvm::function_ref<SourceEdits &(FileID)> EditsOf) {
  const SourceManager &SM = Context.getSourceManager();
  const auto *Body = cast<CompoundStmt>(Child.getBody());
  SourceEdits &Edits = EditsOf(SM.getFileID(Body->getLBracLoc()));
  std::optional<std::string> BodyText = bodyAfterEdits(Child, Context, Edits);
  if (!BodyText)
    return false;
  const std::string Name = Child.getNameAsString();
  const std::string Parameters = andThen(parameterList(Child, Context));
  const std::string Arguments = andThen(argumentList(Child));
  const TemplateHead Head = templateHeadOf(Child, Context);
  // A child with barriers or shared memory runs serially phase by phase;
  // LaunchThreshold checked that it may.
  std::optional<BarrierPhases> Phases;
  std::vector<LaneSum> Sums;
  if (Copy.Serial) {
    const ChildGridUses Uses = findChildGridUses(*Copy.Instance);
    std::optional<PhaseRefusal> Refusal;
    if (needsPhases(*Copy.Instance, Uses))
      Phases = splitAtBarriers(*Copy.Instance, Uses, Refusal);
    if (Refusal)
      return false;
    if (Phases)
      Sums = findLaneSums(*Copy.Instance, Child, *Phases);
  }
  // A launch before the copy (in the child itself, when it launches
  // itself) needs the wrappers declared first.
  const bool DeclaredFirst =
      SM.isBeforeInTranslationUnit(Copy.FirstUse, Body->getRBracLoc());
  // cdp_same: the arguments that every lane of the launching warp passes
  // the same (cdp::serial::sameArguments, written at the launch). Its
  // default goes on the first declaration only.
  auto SerialSignature = [&](bool WithDefault) {
    std::string Template = "template <unsigned long long cdp_same" +
                           std::string(WithDefault ? " = 0" : "");
    // A template child's parameters follow, deduced as the launch's.
    if (!Head.Parameters.empty())
      Template += ", " + Head.Parameters;
    // The grid and block keep the types the launch wrote them in: numbers
    // tell the runtime that every grid is one-dimensional (IsLinear).
    return Template +
           ", class cdp_grid_type, class cdp_block_type>\n"
           "static __device__ void " +
           Name + "_serial(cdp_grid_type cdp_grid, cdp_block_type cdp_block" +
           Parameters + ")";
  };
  const std::string Serial = SerialSignature(!DeclaredFirst);
  // Launched in the child's place with its blocks, and the runtime's loop
  // over blocks adds to the child's registers.
  const std::string Coarsened = Head.declaration() + "static __global__ void " +
                                copyLaunchBounds(Child, Context) + Name +
                                "_coarsened(const dim3 cdp_grid" + Parameters +
                                ")";
  const char *Options = Copy.Serial && Copy.Coarsened ? "--threshold, --coarsen"
                        : Copy.Serial                 ? "--threshold"
                                                      : "--coarsen";
  std::string Text;
  // The body for one thread, unless only a serial run in phases uses it.
  if (Copy.Coarsened || !Phases)
    Text += "\n\n/// '" + Name + "' for one thread (cdp-lower " + Options +
            "): its body, with\n/// the indices as parameters.\n" +
            Head.declaration() + "static __device__ void " + Name +
            "_thread(const uint3 blockIdx, const uint3 threadIdx,\n"
            "    const dim3 gridDim, const dim3 blockDim" +
            Parameters + ")\n" + lineDirectiveAt(SM, Body->getLBracLoc()) +
            *BodyText;
  if (Phases) {
    std::optional<std::string> PhasesBody =
        phasesText(Child, *Phases, Sums, Context, Edits);
    if (!PhasesBody)
      return false;
    const std::string Storage = Name + "_shared" + Head.Arguments;
    Text +=
        "\n\n/// The shared memory of a block of '" + Name +
        "' in a serial run (cdp-lower\n/// --threshold): a slot of "
        "global memory.\n" +
        Head.declaration() + "struct " + Name + "_shared {\n" +
        sharedMembers(Child, Context) + laneSumsMembers(Sums, Context) +
        "};\n\n/// '" + Name +
        "' for one thread (cdp-lower --threshold): its body, with\n/// "
        "the indices as parameters, cut at its barriers into phases; "
        "runs\n/// phase cdp_phase.\n" +
        Head.declaration() + "static __device__ void " + Name +
        "_phase(const uint3 blockIdx, const uint3 threadIdx,\n"
        "    const dim3 gridDim, const dim3 blockDim, const unsigned "
        "cdp_phase,\n    " +
        Storage + " &cdp_shared" +
        (Sums.empty() ? ""
                      : ", typename " + Storage + "::cdp_lane_sums &cdp_sums") +
        Parameters + ")\n" + *PhasesBody;
  }
  // A wrapper: its comment, its signature, and one call of the runtime
  // (\p Runtime, with its template arguments) with the wrapper's leading
  // parameters.
  auto Wrapper = [&](const std::string &What, const std::string &Signature,
                     const std::string &Runtime, const std::string &Leading) {
    return "\n\n/// '" + Name + "' " + What + ".\n" + Signature + " {\n  " +
           Runtime + "(" + Leading + Arguments + ");\n}";
  };
  if (Phases) {
    Text +=
        Wrapper("run by the launching warp, for each thread of a small "
                "grid, block\n/// by block, phase by phase",
                Serial,
                runtime::SerialByWarpInPhases.str() + "<" + Name + "_phase" +
                    Head.Arguments + ", " + std::to_string(Phases->phases()) +
                    ", " + Name + "_shared" + Head.Arguments + ", cdp_same" +
                    atXZero(*Phases) + ">",
                "cdp_grid, cdp_block");
  } else if (Copy.Serial) {
    const std::string Thread =
        "<" + Name + "_thread" + Head.Arguments + ", cdp_same>";
    // A child that returns at once from the threads at or past an x index
    // runs only those below it, so that small ones share turns of the warp.
    if (std::optional<std::string> Bound = indexGuardBound(Child, Context))
      Text += Wrapper("run by the launching warp, for each thread of a small "
                      "grid\n/// whose x index is below " +
                          *Bound + " (the others return at once)",
                      Serial, runtime::SerialByWarpFirst.str() + Thread,
                      "\n      " + runtime::SerialThreadsBelowX.str() +
                          "(cdp_grid, cdp_block, " + *Bound +
                          "),\n      cdp_grid, cdp_block");
    else
      Text += Wrapper("run by the launching warp, for each thread of a small "
                      "grid",
                      Serial, runtime::SerialByWarp.str() + Thread,
                      "cdp_grid, cdp_block");
  }
  if (Copy.Coarsened)
    Text +=
        Wrapper("with each block running several blocks of cdp_grid", Coarsened,
                runtime::CoarseBlocks.str() + "<" + Name + "_thread" +
                    Head.Arguments + ">",
                "cdp_grid");
  insertLinesAfter(SM, Edits, Body->getRBracLoc(), Text, /*Verbatim=*/true);
  if (DeclaredFirst) {
    std::string Declarations;
    if (Copy.Serial)
      Declarations += SerialSignature(/*WithDefault=*/true) + ";";
    if (Copy.Coarsened)
      Declarations +=
          std::string(Declarations.empty() ? "" : "\n") + Coarsened + ";";
    const FunctionDecl &First = *Child.getFirstDecl();
    declareBefore(
        SM, EditsOf(SM.getFileID(SM.getExpansionLoc(First.getOuterLocStart()))),
        First, Declarations);
  }
  return true;
}

} // namespace

ChildCopy &ChildCopies::use(const FunctionDecl &Child, SourceLocation At,
                            const SourceManager &SM) {
  const FunctionDecl *Instance = Child.getDefinition();
  const FunctionDecl *Written = Instance->getTemplateInstantiationPattern();
  auto [It, New] = Children.insert({Written ? Written : Instance, ChildCopy()});
  ChildCopy &Copy = It->second;
  if (New)
    Copy.Instance = Instance;
  if (New || SM.isBeforeInTranslationUnit(At, Copy.FirstUse))
    Copy.FirstUse = At;
  return Copy;
}

bool writeChildCopies(const ChildCopies &Copies, ASTContext &Context,
                      llvm::function_ref<SourceEdits &(FileID)> EditsOf) {
  for (const auto &[Child, Copy] : Copies.Children)
    if (!writeChildCopy(*Child, Copy, Context, EditsOf))
      return false;
  return true;
}

} // namespace cdp
