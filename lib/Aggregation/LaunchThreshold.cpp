//===- LaunchThreshold.cpp - Small child grids run in the parent ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchThreshold.h"

#include "Aggregation/BarrierPhases.h"
#include "Aggregation/ChildGridUses.h"
#include "Aggregation/LaunchRefusal.h"
#include "Aggregation/OwnStreams.h"
#include "Aggregation/ReadableTwice.h"
#include "Aggregation/SerialRunAtEnd.h"
#include "CudaAST/FindLaunch.h"
#include "CudaAST/KernelName.h"
#include "CudaAST/KernelValues.h"
#include "CudaAST/RuntimeNames.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/DefaultArgument.h"
#include "Lowering/LoweringDiagnostics.h"
#include "Lowering/StatementSlot.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cdp {
namespace {

/// Whether \p Root makes a device-side launch (of \p Kernel only, when
/// given).
bool hasLaunch(const Stmt *Root, const FunctionDecl *Kernel = nullptr) {
  return findLaunch(Root, [&](const CUDAKernelCallExpr &Launch) {
    const FunctionDecl *Callee = Launch.getDirectCallee();
    return !Kernel ||
           (Callee && Callee->getCanonicalDecl() == Kernel->getCanonicalDecl());
  });
}

/// Whether every lane of a warp of \p Values' kernel passes \p Argument the
/// same: it reads only the kernel's parameters that nothing changes,
/// locals computed from them, constants, blockDim and gridDim, possibly
/// through a trivial copy.
bool sameInEveryLane(const Expr &Argument, const KernelValues &Values) {
  const Expr *E = Argument.IgnoreImplicit();
  if (const auto *Copy = dyn_cast<CXXConstructExpr>(E))
    if (Copy->getNumArgs() == 1 &&
        Copy->getConstructor()->isCopyOrMoveConstructor() &&
        Copy->getConstructor()->isTrivial())
      E = Copy->getArg(0);
  return Values.isRecomputable(*E, /*ThreadIndices=*/false);
}

class LaunchThresholder : LaunchRefusal {
public:
  LaunchThresholder(const CUDAKernelCallExpr &Launch,
                    const FunctionDecl &Enclosing, ASTContext &Context,
                    llvm::function_ref<SourceEdits *(FileID)> EditsOf)
      : LaunchRefusal(Launch, Enclosing, Context, EditsOf) {}

  SerialRun run(const ThresholdOptions &Options,
                const AggregationOptions &Aggregate, ChildCopies &Copies,
                llvm::ArrayRef<const CUDAKernelCallExpr *> Instances) {
    Quiet = Options.Quiet;
    takeKernelOfInstances(Instances);
    if (!ofEveryLaunchedKernel([&] { return isEligible(Aggregate); }))
      return SerialRun::None;
    const LangOptions &LangOpts = Context.getLangOpts();
    std::string Grid = writtenText(written(0)->getSourceRange(), SM, LangOpts);
    std::string Block = writtenText(written(1)->getSourceRange(), SM, LangOpts);
    // --optimize: where the kernel's other lanes go on to work of their
    // own, the run waits for the thread's end (SerialRunAtEnd.h).
    std::optional<std::string> AtEnd;
    if (Options.AtThreadEnd)
      AtEnd = serialRunAtEndHolderArguments(
          Launch, Enclosing, writtenAsNumber(0) && writtenAsNumber(1), Context);
    std::string Callee = AtEnd ? std::string(LaterRunHolder) + ".hold"
                               : serialCallee(sameArguments());
    llvm::SmallVector<std::string, 8> Arguments{Grid, Block};
    for (const Expr *Argument : Launch.arguments())
      Arguments.push_back(
          isa<CXXDefaultArgExpr>(Argument)
              ? defaultArgumentText(*cast<CXXDefaultArgExpr>(Argument), Context)
              : writtenText(Argument->getSourceRange(), SM, LangOpts));
    if (Callee.empty() || llvm::is_contained(Arguments, ""))
      return refuse("its kernel, configuration or arguments come from a "
                    "macro; the serial call is written from their text");
    SourceLocation At = Launch.getBeginLoc();
    SourceEdits &Edits = *EditsOf(SM.getFileID(At));
    // The body of an if statement gets braces: its else would be ours.
    SourceLocation AfterSemi;
    if (BodyOfIf) {
      AfterSemi = Lexer::findLocationAfterToken(
          SM.getFileLoc(Launch.getEndLoc()), tok::semi, SM, LangOpts, false);
      if (AfterSemi.isInvalid())
        return refuse("it is not followed by its semicolon");
    }
    Edits.insert(At, std::string(BodyOfIf ? "{ " : "") + "if (" +
                         runtime::SerialFewerThreads.str() + "(" + Grid + ", " +
                         Block + ", " + std::to_string(Options.Threads) +
                         ")) " + Callee + "(" + llvm::join(Arguments, ", ") +
                         "); else ");
    if (BodyOfIf)
      Edits.insert(AfterSemi, " }");
    if (AtEnd)
      runSerialAtEnd(Launch, Enclosing, *AtEnd, serialCallee("0"), Context,
                     Edits);
    Copies.use(*Kernel, At, SM).Serial = true;
    if (!Quiet)
      warnOrderedChildLaunches();
    return AtEnd ? SerialRun::AtThreadEnd : SerialRun::AtLaunch;
  }

  using LaunchRefusal::declined;

private:
  /// Warns where the child's own launches into its null stream would be
  /// put in order with other lanes' by its serial run (--optimize does not
  /// run such a child serially: LaunchChoice); in a template, where any
  /// instance's kernel launches so.
  void warnOrderedChildLaunches() {
    const CUDAKernelCallExpr *Ordered = nullptr;
    ofEveryLaunchedKernel([&] {
      Ordered = launchIntoNullStream(Kernel, Context);
      return !Ordered;
    });
    if (!Ordered)
      return;
    DiagnosticsEngine &Diags = Context.getDiagnostics();
    const std::string Child = kernelAsNamed();
    report(Diags, Launch.getBeginLoc(),
           LoweringDiag::SerialRunOrdersChildLaunches)
        << Child;
    report(Diags, Ordered->getBeginLoc(), LoweringDiag::LaunchIntoNullStream)
        << Child
        << quotedLaunchedKernel(*Ordered, Ordered->getDirectCallee(), Context);
  }

  /// Declines with \p Why: no serial run.
  SerialRun refuse(const std::string &Why) {
    decline(Why);
    return SerialRun::None;
  }

  /// The serial wrapper as the launch calls it: `visit_serial`, with
  /// \p Same, the arguments that every lane passes the same (or "0"), and
  /// the template arguments written at the launch (`longRow_serial<0,
  /// float>`); "" when the kernel is named in a macro.
  std::string serialCallee(const std::string &Same) const {
    const Expr *Callee = Launch.getCallee()->IgnoreImplicit();
    if (const auto *Named = dyn_cast<DeclRefExpr>(Callee);
        Named && Named->hasExplicitTemplateArgs())
      return serialCalleeWithArguments(*Named, Same);
    // In a template's pattern, the kernel named with the template's
    // parameters (`expand<Settings>`).
    if (const auto *Named = dyn_cast<UnresolvedLookupExpr>(Callee);
        Named && Named->hasExplicitTemplateArgs())
      return serialCalleeWithArguments(*Named, Same);
    std::string Written =
        writtenText(Callee->getSourceRange(), SM, Context.getLangOpts());
    if (Written.empty())
      return "";
    // Arguments left to deduction, spelled as the template's parameters
    // (`<V>`).
    if (!DeducedArgs.empty())
      return Written + "_serial<" + (Same.empty() ? "0" : Same) + ", " +
             DeducedArgs.substr(1, DeducedArgs.size() - 2) + ">";
    return Written + "_serial" + (Same.empty() ? "" : "<" + Same + ">");
  }

  /// serialCallee of a kernel named with its template arguments written.
  template <class NameExpr>
  std::string serialCalleeWithArguments(const NameExpr &Named,
                                        const std::string &Same) const {
    const LangOptions &LangOpts = Context.getLangOpts();
    std::string Name = writtenText(
        SourceRange(Named.getBeginLoc(), Named.getNameInfo().getEndLoc()), SM,
        LangOpts);
    std::string TemplateArguments = writtenText(
        CharSourceRange::getCharRange(Named.getLAngleLoc().getLocWithOffset(1),
                                      Named.getRAngleLoc()),
        SM, LangOpts);
    if (Name.empty() || TemplateArguments.empty())
      return "";
    return Name + "_serial<" + (Same.empty() ? "0" : Same) + ", " +
           TemplateArguments + ">";
  }

  /// `cdp::serial::sameArguments<0, 3>`, the arguments that every lane of
  /// the launching warp passes the same, which the serial run then need
  /// not send from lane to lane (cdp/launch.cuh); "" when none are, or
  /// when the launch is not made by a kernel (whose parameters are).
  std::string sameArguments() const {
    if (!Enclosing.hasAttr<CUDAGlobalAttr>())
      return "";
    KernelValues Values(Enclosing);
    llvm::SmallVector<std::string, 8> Same;
    // The runtime's mask has 64 bits; later arguments are shuffled.
    for (const auto &[Index, Argument] : llvm::enumerate(Launch.arguments()))
      if (Index < 64 && sameInEveryLane(*Argument, Values))
        Same.push_back(std::to_string(Index));
    if (Same.empty())
      return "";
    return runtime::SerialSameArguments.str() + "<" + llvm::join(Same, ", ") +
           ">";
  }

  /// The configuration's operand \p I: grid, block, shared memory, stream.
  const Expr *operand(unsigned I) const { return configOperand(Launch, I); }
  /// The operand as written, without the conversions clang adds.
  const Expr *written(unsigned I) const {
    return operand(I)->IgnoreUnlessSpelledInSource();
  }
  /// Whether configuration operand \p I is written as a number (an
  /// integer, not dim3 or an enumerator): what cdp::serial::IsLinear asks
  /// of the grid's and block's types.
  bool writtenAsNumber(unsigned I) const {
    const QualType Type = written(I)->getType();
    return Type->isIntegralType(Context) && !Type->isEnumeralType();
  }

  void reportRefusal(const std::string &Why) override {
    report(Context.getDiagnostics(), Launch.getBeginLoc(),
           LoweringDiag::LaunchNotThresholded)
        << kernelAsNamed() << Why;
  }

  bool isEligible(const AggregationOptions &Aggregate) {
    const UnorderedChildren &Unordered = Aggregate.Unordered;
    const FunctionDecl *Definition =
        copyableChild("serial run", "thresholding", /*Templates=*/true);
    if (!Definition)
      return false;
    const std::string KernelName = kernelAsNamed();
    if (!Launch.getBeginLoc().isFileID())
      return decline("it is written in a macro");
    if (hasLaunch(Definition->getBody(), Definition))
      return decline(KernelName +
                     " launches itself, and its serial run would recurse as "
                     "deep as the grids nest, on a GPU thread's stack of 1 KB "
                     "(and in a kernel that aggregates launches, with too few "
                     "registers)");
    ChildGridUses Uses = findChildGridUses(*Definition);
    if (!declineShapeReaders(Uses,
                             "in the launching thread it would see that "
                             "thread's",
                             "the launching thread's",
                             /*BlockDimKept=*/false))
      return false;
    // Barriers and shared memory: run phase by phase, where it may be.
    if (needsPhases(*Definition, Uses)) {
      std::optional<PhaseRefusal> Refusal;
      if (!splitAtBarriers(*Definition, Uses, Refusal))
        return declineWithNote(Refusal->Why, Refusal->At, Refusal->Note);
    }
    if (Launch.getConfig()->getNumArgs() < 4)
      return decline("its configuration is not the device runtime's");
    Expr::EvalResult Bytes;
    if (!operand(2)->EvaluateAsInt(Bytes, Context) || Bytes.Val.getInt() != 0)
      return decline("it asks for dynamic shared memory");
    if (!readableTwice(*written(0), Context) ||
        !readableTwice(*written(1), Context))
      return decline("its grid or block has side effects, and the choice "
                     "reads them before the launch does");
    const Expr *Stream = operand(3);
    if (isReservedStream(Stream, ReservedStream::TailLaunch, Context))
      return decline("its stream is cudaStreamTailLaunch, whose grid runs "
                     "after the launching grid ends");
    if (!isFireAndForget(Stream, Context) && !Unordered.contains(*Kernel) &&
        !launchesOnceIntoOwnStream(Launch, Enclosing, Context))
      return declineWithNote(
          "its stream is not cudaStreamFireAndForget (nor one the launching "
          "thread made for this launch alone): a grid of that stream "
          "runs after the launches made into it before, and in the launching "
          "thread it would run first",
          Launch.getBeginLoc(),
          "if the child grids do not rely on that order, say so with "
          "--aggregate-unordered=" +
              Kernel->getNameAsString() + " (or in .cdp-lower)");
    for (const Expr *Argument : Launch.arguments()) {
      if (hasLaunch(Argument))
        return decline("an argument makes a launch of its own");
    }
    if (!isStatement())
      return decline("it is not a statement of its own, and the choice "
                     "between the serial run and the launch is an if "
                     "statement");
    return true;
  }

  /// Whether the launch is a statement (of a block, or the body of a
  /// statement), where an if statement may stand.
  bool isStatement() {
    const Stmt *Slot = statementSlotOf(Enclosing, Context, Launch);
    BodyOfIf = Slot && isa<IfStmt>(Slot);
    return Slot;
  }

  /// The launch is the then or else statement of an if statement.
  bool BodyOfIf = false;
};

} // namespace

SerialRun thresholdLaunch(const CUDAKernelCallExpr &Launch,
                          const FunctionDecl &Enclosing, ASTContext &Context,
                          const ThresholdOptions &Options,
                          const AggregationOptions &Aggregate,
                          llvm::function_ref<SourceEdits *(FileID)> EditsOf,
                          ChildCopies &Copies,
                          llvm::ArrayRef<const CUDAKernelCallExpr *> Instances,
                          std::string *Declined) {
  if (!Options.Threads)
    return SerialRun::None;
  LaunchThresholder Thresholder(Launch, Enclosing, Context, EditsOf);
  const SerialRun Run = Thresholder.run(Options, Aggregate, Copies, Instances);
  if (Declined)
    *Declined = Thresholder.declined();
  return Run;
}

} // namespace cdp
