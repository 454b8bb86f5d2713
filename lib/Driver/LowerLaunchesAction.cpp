//===- LowerLaunchesAction.cpp - Lower every launch of a file -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/LowerLaunchesAction.h"

#include "CudaAST/KernelName.h"
#include "CudaAST/RuntimeNames.h"

#include "Aggregation/AggregatedKernel.h"
#include "Aggregation/InstantiatedLaunch.h"
#include "Aggregation/LaunchBounds.h"
#include "Aggregation/LaunchCounting.h"
#include "Aggregation/LaunchedBlocks.h"
#include "Aggregation/SoleRuntimeCall.h"
#include "Aggregation/UnboundedCopies.h"
#include "CudaAST/FunctionStackVisitor.h"
#include "CudaAST/NvccAcceptedErrors.h"
#include "CudaAST/SystemHeaders.h"
#include "Driver/FilesRead.h"
#include "Lowering/HeaderCopies.h"
#include "Lowering/LaunchLowering.h"
#include "Lowering/LoweringDiagnostics.h"
#include "Lowering/ProgrammaticLaunchLowering.h"
#include "Lowering/RuntimeInclude.h"
#include "Lowering/SelectedHeaders.h"
#include "Pdl/ProgrammaticLaunch.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>

using namespace clang;

namespace cdp {

/// The include every lowered file gets, once; a file with aggregated
/// launches gets the aggregation's instead, and one with counted launches
/// (--instrument) the profile's.
static constexpr llvm::StringLiteral RuntimeHeader = runtime::LaunchHeader;
static constexpr llvm::StringLiteral AggregationHeader =
    runtime::AggregationHeader;
static constexpr llvm::StringLiteral ProfileHeader = runtime::ProfileHeader;

namespace {

/// Records the `#include`s the preprocessor follows, and which files
/// include the runtime already.
class IncludeRecorder : public PPCallbacks {
public:
  IncludeRecorder(const SourceManager &SM,
                  llvm::DenseMap<FileID, LowerLaunchesAction::RuntimeIncluded>
                      &IncludeRuntime,
                  std::vector<LowerLaunchesAction::Inclusion> &Inclusions)
      : SM(SM), IncludeRuntime(IncludeRuntime), Inclusions(Inclusions) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef Name,
                          bool IsAngled, CharSourceRange FileNameRange,
                          OptionalFileEntryRef File, StringRef SearchPath,
                          StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (HashLoc.isMacroID())
      return;
    FileID Includer = SM.getFileID(HashLoc);
    if (Name == RuntimeHeader || Name == AggregationHeader ||
        Name == ProfileHeader) {
      LowerLaunchesAction::RuntimeIncluded &Included = IncludeRuntime[Includer];
      Included.Aggregation |= Name == AggregationHeader;
      Included.Profile |= Name == ProfileHeader;
    }
    OptionalFileEntryRef IncluderFile = SM.getFileEntryRefForID(Includer);
    bool BesideIncluder = !IsAngled && File && IncluderFile &&
                          SearchPath == IncluderFile->getDir().getName();
    Inclusions.push_back({Includer, FileNameRange, File, BesideIncluder});
  }

private:
  const SourceManager &SM;
  llvm::DenseMap<FileID, LowerLaunchesAction::RuntimeIncluded> &IncludeRuntime;
  std::vector<LowerLaunchesAction::Inclusion> &Inclusions;
};

/// The files whose launches are lowered: the main file, and the headers
/// that --header-filter selects.
class LoweredFiles {
public:
  LoweredFiles(const SourceManager &SM, StringRef HeaderFilter)
      : SM(SM), Selection(SM, HeaderFilter) {}

  bool lowers(FileID File) { return Selection.edits(File); }

  /// The edits of \p File, made on first use.
  SourceEdits &editsOf(FileID File) {
    auto It = Edits.find(File);
    if (It == Edits.end())
      It = Edits.try_emplace(File, SM, File).first;
    return It->second;
  }

  std::map<FileID, SourceEdits> &all() { return Edits; }

private:
  const SourceManager &SM;
  SelectedHeaders Selection;
  std::map<FileID, SourceEdits> Edits;
};

/// Visits the declarations written in the lowered files (template patterns,
/// not their instantiations: a launch in a template is rewritten once) and
/// lowers each device-side launch; warns of those in other project headers.
class LaunchVisitor : public FunctionStackVisitor<LaunchVisitor> {
public:
  LaunchVisitor(ASTContext &Context, const LaunchTransformOptions &Options,
                LoweredFiles &Files)
      : Context(Context), Options(Options), SM(Context.getSourceManager()),
        Files(Files) {
    State.EditsOf = [&Files](FileID File) -> SourceEdits * {
      return Files.lowers(File) ? &Files.editsOf(File) : nullptr;
    };
  }

  /// Device-side launches rewritten, by file (they need the runtime).
  const llvm::DenseMap<FileID, unsigned> &lowered() const { return Lowered; }
  /// What lowering the launches found (macros rewritten, say).
  const LaunchLoweringState &state() const { return State; }
  /// Host-side programmatic dependent launches rewritten.
  unsigned loweredProgrammatic() const { return LoweredProgrammatic; }
  /// What aggregating launches left for the end.
  const AggregationState &aggregation() const { return Aggregation; }
  /// The children run with other indices than the hardware's: in the
  /// launching thread (--threshold) or coarsened (--coarsen).
  const ChildCopies &childCopies() const { return Copies; }
  /// The functions with a serial run or an aggregated launch in their
  /// body: the runtime's code adds to the registers of the kernels that
  /// run them, so each of those gets launch bounds (LaunchBounds.h).
  const llvm::SetVector<const FunctionDecl *> &runtimeUsers() const {
    return RuntimeUsers;
  }
  /// The first launch rewritten; invalid when none was.
  SourceLocation firstLowered() const { return FirstLowered; }
  /// The files whose launches count themselves (--instrument).
  const llvm::DenseSet<FileID> &counted() const { return Counted; }
  /// The host functions of lowered files that launch kernels, under
  /// --instrument: each registers the profile's writer (LaunchCounting.h).
  const llvm::SetVector<const FunctionDecl *> &hostLaunchers() const {
    return HostLaunchers;
  }

  bool TraverseDecl(Decl *D) {
    // System headers hold no launch to rewrite; skipping them is most of
    // the speed.
    if (isInSystemHeader(D, SM))
      return true;
    return FunctionStackVisitor::TraverseDecl(D);
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Launch) {
    FileID File = SM.getFileID(SM.getExpansionLoc(Launch->getBeginLoc()));
    switch (currentSide()) {
    case LaunchSide::Host:
      if (Options.Instrument && Files.lowers(File) && currentFunction())
        HostLaunchers.insert(currentFunction());
      if (File != SM.getMainFileID())
        break;
      if (std::optional<PdlMarker> Marker = pdlMarkerOf(*Launch))
        if (lowerProgrammaticLaunch(*Launch, *Marker, Context,
                                    Files.editsOf(File))) {
          ++LoweredProgrammatic;
          noteLowered(*Launch);
        }
      break;
    case LaunchSide::Device:
    case LaunchSide::HostDevice:
      if (pdlMarkerOf(*Launch)) {
        // Reported by cdp-pdl-device-launch; still no lowering to offer.
        report(Context.getDiagnostics(), Launch->getBeginLoc(),
               LoweringDiag::ProgrammaticMarkerOnDeviceLaunch)
            << quotedKernelName(Launch->getDirectCallee());
        break;
      }
      if (!Files.lowers(File)) {
        reportUnselectedHeader(*Launch, File);
        break;
      }
      if (Options.Instrument) {
        countAndLower(*Launch, File);
        break;
      }
      if (Options.Untransformed) {
        lowerAsWritten(*Launch, File);
        break;
      }
      const bool Optimized = optimizes(*Launch);
      LaunchChoice Choice = chooseTransforms(
          *Launch, *currentFunction(), Context, Options.Threshold,
          Options.Aggregate, Optimized,
          [&](const CUDAKernelCallExpr &L) {
            return launchedKernels(L, instancesOf(L));
          },
          profileOf(*Launch), Optimized ? &launchedBlocks() : nullptr);
      const llvm::ArrayRef<const CUDAKernelCallExpr *> Instances =
          instancesOf(*Launch);
      std::string NotSerial;
      const SerialRun Run = thresholdLaunch(
          *Launch, *currentFunction(), Context, Choice.Threshold,
          Choice.Aggregate, State.EditsOf, Copies, Instances, &NotSerial);
      const bool Serial = Run != SerialRun::None;
      if (Serial) {
        RuntimeUsers.insert(currentFunction());
        noteNeedsCpp17(Launch->getBeginLoc(), Cpp17Use::Threshold);
        // The serial run is the runtime's, in either form of the output.
        State.UseRuntime.insert(File);
      }
      Choice.Aggregate = aggregationAfterThreshold(Choice, Serial);
      std::string NotAggregated;
      switch (aggregateLaunch(*Launch, *currentFunction(), Context,
                              Choice.Aggregate, State.EditsOf, Aggregation,
                              Instances, &NotAggregated)) {
      case AggregationOutcome::Aggregated:
        RuntimeUsers.insert(currentFunction());
        ++Lowered[File];
        noteLowered(*Launch);
        noteNeedsCpp17(Launch->getBeginLoc(), Cpp17Use::Aggregation);
        if (Optimized)
          remarkChoice(*Launch, Choice, Run, {NotSerial, ""},
                       /*Aggregated=*/true);
        return true;
      case AggregationOutcome::Refused:
        return true;
      case AggregationOutcome::NotAggregated:
        break;
      }
      if (Optimized)
        remarkChoice(*Launch, Choice, Run, {NotSerial, NotAggregated},
                     /*Aggregated=*/false);
      if (coarsenLaunch(*Launch, *currentFunction(), Context, Options.Coarsen,
                        State.EditsOf, Copies, Instances)) {
        ++Lowered[File];
        noteLowered(*Launch);
        noteNeedsCpp17(Launch->getBeginLoc(), Cpp17Use::Coarsening);
        State.UseRuntime.insert(File);
        return true;
      }
      lowerAsWritten(*Launch, File);
      break;
    }
    return true;
  }

  /// The instantiations of \p Launch in the file, for a launch whose
  /// kernel a template's parameters choose (the transforms copy the kernel
  /// its instances launch); none for another, whose kernel is named.
  llvm::ArrayRef<const CUDAKernelCallExpr *>
  instancesOf(const CUDAKernelCallExpr &Launch) {
    if (!Launch.isInstantiationDependent())
      return {};
    return State.instancesOf(Launch, Context);
  }

  /// What makes a lowered launch need C++17 (NeedsCpp17's %select).
  enum class Cpp17Use { Aggregation, Threshold, Coarsening };
  /// The first launch whose lowered form needs C++17, and why.
  std::optional<std::pair<SourceLocation, Cpp17Use>> firstNeedingCpp17() const {
    return FirstNeedingCpp17;
  }

private:
  /// \p Launch lowered as written (lib/Lowering), no transform of it.
  void lowerAsWritten(const CUDAKernelCallExpr &Launch, FileID File) {
    LaunchLoweringOptions Lowering = Options;
    if (Lowering.Form == LaunchForm::ExplicitUnlessTransformed)
      Lowering.Form =
          mayTransformLaunches() ? LaunchForm::Runtime : LaunchForm::Explicit;
    if (Lowering.Form == LaunchForm::Explicit && mayTransformLaunches()) {
      Lowering.Form = LaunchForm::Runtime;
      if (!WarnedExplicitForm) {
        WarnedExplicitForm = true;
        report(Context.getDiagnostics(), Launch.getBeginLoc(),
               LoweringDiag::ExplicitFormBesideTransforms);
      }
    }
    if (Lowering.Form == LaunchForm::Runtime &&
        currentSide() == LaunchSide::Device)
      switch (launchesAloneInWarp(Launch, *currentFunction(), Context)) {
      case AloneInWarp::No:
        break;
      case AloneInWarp::OneThreadOfBlock:
        Lowering.AloneInWarpTag = runtime::OneThreadOfBlock;
        break;
      case AloneInWarp::OneLaneOfWarp:
        Lowering.AloneInWarpTag = runtime::OneLaneOfWarp;
        break;
      }
    if (!lowerLaunch(Launch, *currentFunction(), Context, Lowering,
                     currentSide() == LaunchSide::HostDevice,
                     Files.editsOf(File), State))
      return;
    ++Lowered[File];
    noteLowered(Launch);
  }

  /// --instrument: \p Launch lowered as written, counted first.
  void countAndLower(const CUDAKernelCallExpr &Launch, FileID File) {
    SourceEdits &Edits = Files.editsOf(File);
    const LaunchCount Count =
        countLaunch(Launch, *currentFunction(), Context, Edits);
    if (Count != LaunchCount::None)
      Counted.insert(File);
    lowerAsWritten(Launch, File);
    if (Count == LaunchCount::Expression)
      closeCountedLaunch(Launch, Context, Edits);
  }

  /// The blocks each kernel of the translation unit is launched in, found
  /// at the first launch --optimize chooses for.
  const LaunchedBlocks &launchedBlocks() {
    if (!Blocks)
      Blocks.emplace(Context);
    return *Blocks;
  }

  /// The counts --profile has of \p Launch's site; null without.
  const SiteProfile *profileOf(const CUDAKernelCallExpr &Launch) const {
    return Options.Profile ? Options.Profile->find(launchSiteName(Launch, SM))
                           : nullptr;
  }

  void noteLowered(const CUDAKernelCallExpr &Launch) {
    if (FirstLowered.isInvalid())
      FirstLowered = Launch.getBeginLoc();
  }

  /// Why the transforms --optimize set left a launch alone: the first
  /// reason each declined with, empty where it did not.
  struct Declines {
    /// The threshold wrote no serial run.
    std::string NotSerial;
    /// Aggregation, where chosen, did not aggregate.
    std::string NotAggregated;
  };

  /// Under --optimize-remarks, what --optimize chose for \p Launch (a
  /// launch it optimizes), and why the transforms it set did not apply
  /// (\p Why).
  void remarkChoice(const CUDAKernelCallExpr &Launch,
                    const LaunchChoice &Choice, SerialRun Run,
                    const Declines &Why, bool Aggregated) {
    if (!Options.OptimizeRemarks)
      return;
    static const char *const Granularities[] = {"", "warp", "block", "group",
                                                "grid"};
    const std::string By =
        Granularities[static_cast<unsigned>(Choice.Aggregate.Granularity)];
    const std::string Below =
        "runs in the launching warp below " +
        std::to_string(Choice.Threshold.Threads) + " threads" +
        (Choice.LoopingChild ? " (its threads loop)" : "") +
        (Choice.Lanes < 32 ? " (its launching warps have " +
                                 std::to_string(Choice.Lanes) + " of 32 lanes)"
                           : "") +
        (Run == SerialRun::AtThreadEnd
             ? ", at the end of the launching thread, where its warp's "
               "other lanes join it"
             : "");
    const bool Serial = Run != SerialRun::None;
    std::string What;
    if (Serial && Aggregated)
      What = Below + ", and is aggregated by " + By + " above";
    else if (Serial)
      What = Below + ", and launches above";
    else if (Aggregated)
      What = "is aggregated by " + By;
    else if (Choice.LargeGrid)
      What = "launches as written, as a grid above the threshold would: its "
             "threads do not loop, and a launch of its own carries their "
             "work";
    else if (Choice.ParentThreads)
      What = "launches as written: every launch of its kernel runs " +
             std::to_string(Choice.ParentThreads) +
             (Choice.ParentThreads == 1 ? " thread" : " threads") +
             " in all, with no other warp to hide a serial run's latency "
             "and too few launches to gain from aggregation";
    else if (Choice.OneThreadOnly && Choice.Lanes == 1)
      What = "launches as written: its blocks have one thread, so "
             "aggregation by block would join nothing, and a serial run "
             "would have one lane";
    else if (Choice.OneThreadOnly)
      What = "launches as written: only one thread of its block "
             "launches, so aggregation by block would join nothing";
    else if (!Why.NotAggregated.empty())
      What = "launches as written, unaggregated: " + Why.NotAggregated;
    else if (!Why.NotSerial.empty())
      What = "launches as written: aggregation would not keep what the "
             "program may observe here (--aggregate says why)";
    else
      What = "launches as written: neither running in the launching warp "
             "nor aggregation keeps what the program may observe here "
             "(--threshold and --aggregate say why)";
    if (Choice.NeverBelowThreshold && !Serial && Choice.ConstantThreads)
      What += " (its grid is always " + std::to_string(Choice.ConstantThreads) +
              " threads, never fewer than the " +
              std::to_string(Choice.NeverBelowThreshold) +
              " below which it would run in the launching warp)";
    else if (Choice.NeverBelowThreshold && !Serial)
      What += " (each of its " + std::to_string(Choice.ProfiledLaunches) +
              " launches profiled had at least the " +
              std::to_string(Choice.NeverBelowThreshold) +
              " threads below which it would run in the launching warp)";
    else if (Choice.ProfiledBelowThreshold && Serial && !Aggregated)
      What += ", unaggregated: none of its " +
              std::to_string(Choice.ProfiledLaunches) +
              " launches profiled had that many threads";
    // Why its small grids do not run in the launching warp either.
    if (Choice.ChildLaunchesInOrder)
      What += "; it never runs in the launching warp: it launches into "
              "its null stream, which there would be the launching block's, "
              "so the grids the lanes' runs launch would run one after "
              "another";
    else if (!Serial && !Why.NotSerial.empty())
      What += "; it never runs in the launching warp: " + Why.NotSerial;
    report(Context.getDiagnostics(), Launch.getBeginLoc(),
           LoweringDiag::OptimizeChoice)
        << quotedLaunchedKernel(Launch, Launch.getDirectCallee(), Context)
        << What;
  }

  /// Whether --optimize chooses the transforms of \p Launch. They need
  /// C++17 (cdp/aggregate.cuh); in C++11 and C++14 it lowers every launch
  /// as written, which nvcc builds in that standard, and says so once,
  /// rather than failing a file that the plain lowering takes. What the
  /// user asked for by name (--threshold, --aggregate) still gets
  /// NeedsCpp17.
  bool optimizes(const CUDAKernelCallExpr &Launch) {
    if (!Options.Optimize)
      return false;
    const LangOptions &LangOpts = Context.getLangOpts();
    if (LangOpts.CPlusPlus17)
      return true;
    // Before C++11 nothing is lowered (NeedsCpp11), and a transform asked
    // for by name gets NeedsCpp17: the warning would contradict either.
    if (LangOpts.CPlusPlus11 && !asksForTransformByName() &&
        !WarnedOptimizeStandard) {
      WarnedOptimizeStandard = true;
      report(Context.getDiagnostics(), Launch.getBeginLoc(),
             LoweringDiag::OptimizeNeedsCpp17)
          << (LangOpts.CPlusPlus14 ? "14" : "11");
    }
    return false;
  }

  /// Whether launches of this run may be transformed: a transform asked
  /// for, or the aggregation markers (cdp/aggregate.cuh) declared. Their
  /// serial runs split the launching warp, and their launches, as the
  /// runtime form's, take the warp's turn in the device runtime, which
  /// hangs when two groups of one warp are inside it at once (cdp/
  /// launch.cuh, "Runtime turns"). A launch in the explicit form takes no
  /// turn, as nvcc's does not: beside them it could enter with another
  /// group (the program fuzzer's seed 5210 hung so on an H200).
  bool mayTransformLaunches() {
    if (!TransformsLaunches)
      TransformsLaunches =
          (Options.Optimize && Context.getLangOpts().CPlusPlus17) ||
          asksForTransformByName() || declaresAggregationMarkers();
    return *TransformsLaunches;
  }

  /// Whether the run asks for a transform by name: --threshold, --coarsen
  /// or --aggregate.
  bool asksForTransformByName() const {
    return Options.Threshold.Threads || Options.Coarsen.Factor ||
           Options.Aggregate.Granularity != AggregationGranularity::None;
  }

  /// Whether the translation unit declares namespace cdp::aggregate.
  bool declaresAggregationMarkers() const {
    for (const NamedDecl *Cdp :
         Context.getTranslationUnitDecl()->lookup(&Context.Idents.get("cdp")))
      if (const auto *Namespace = dyn_cast<NamespaceDecl>(Cdp))
        if (!Namespace->lookup(&Context.Idents.get("aggregate")).empty())
          return true;
    return false;
  }

  void noteNeedsCpp17(SourceLocation At, Cpp17Use Use) {
    if (!FirstNeedingCpp17)
      FirstNeedingCpp17.emplace(At, Use);
  }

  void reportUnselectedHeader(const CUDAKernelCallExpr &Launch, FileID File) {
    // Once per launch: a template's instantiations share the pattern's.
    if (!Warned.insert(Launch.getBeginLoc()).second)
      return;
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
    const FunctionDecl *Kernel = Launch.getDirectCallee();
    report(Context.getDiagnostics(), Launch.getBeginLoc(),
           LoweringDiag::LaunchInUnselectedHeader)
        << quotedLaunchedKernel(Launch, Kernel, Context)
        << (Entry ? llvm::sys::path::filename(Entry->getName()) : "?");
  }

  ASTContext &Context;
  const LaunchTransformOptions &Options;
  const SourceManager &SM;
  LoweredFiles &Files;
  LaunchLoweringState State;
  AggregationState Aggregation;
  ChildCopies Copies;
  llvm::SetVector<const FunctionDecl *> RuntimeUsers;
  llvm::DenseMap<FileID, unsigned> Lowered;
  llvm::DenseSet<FileID> Counted;
  llvm::SetVector<const FunctionDecl *> HostLaunchers;
  llvm::DenseSet<SourceLocation> Warned;
  SourceLocation FirstLowered;
  std::optional<std::pair<SourceLocation, Cpp17Use>> FirstNeedingCpp17;
  unsigned LoweredProgrammatic = 0;
  bool WarnedOptimizeStandard = false;
  std::optional<bool> TransformsLaunches;
  std::optional<LaunchedBlocks> Blocks;
  bool WarnedExplicitForm = false;
};

/// --instrument: main, where a lowered file defines it, and the host
/// functions of lowered files that launch kernels (\p HostLaunchers), for
/// a main the tool does not lower, register the profile's writer first.
/// The files that got a registration.
llvm::DenseSet<FileID> registerProfileWriters(
    ASTContext &Context, LoweredFiles &Files,
    const llvm::SetVector<const FunctionDecl *> &HostLaunchers) {
  const SourceManager &SM = Context.getSourceManager();
  llvm::SetVector<const FunctionDecl *> Registering;
  for (const Decl *D : Context.getTranslationUnitDecl()->decls())
    if (const auto *Main = dyn_cast<FunctionDecl>(D);
        Main && Main->isMain() && Main->doesThisDeclarationHaveABody())
      Registering.insert(Main);
  Registering.insert(HostLaunchers.begin(), HostLaunchers.end());
  llvm::DenseSet<FileID> Registered;
  for (const FunctionDecl *Function : Registering) {
    FileID File = SM.getFileID(SM.getExpansionLoc(Function->getLocation()));
    if (Files.lowers(File) &&
        registerProfileWriter(*Function, Files.editsOf(File)))
      Registered.insert(File);
  }
  return Registered;
}

class LowerLaunchesConsumer : public ASTConsumer {
public:
  LowerLaunchesConsumer(
      const LoweringOptions &Options, LoweredFile &Result,
      const llvm::DenseMap<FileID, LowerLaunchesAction::RuntimeIncluded>
          &IncludeRuntime,
      const std::vector<LowerLaunchesAction::Inclusion> &Inclusions,
      const SkippedCode &Skipped, const MacroLaunchUses &MacroUses,
      NvccAcceptedErrors &Accepted)
      : Options(Options), Result(Result), IncludeRuntime(IncludeRuntime),
        Inclusions(Inclusions), Skipped(Skipped), MacroUses(MacroUses),
        Accepted(Accepted) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    SourceManager &SM = Context.getSourceManager();
    DiagnosticsEngine &Diags = Context.getDiagnostics();
    // The checks, which the driver runs first (ChecksConsumer.h), may have
    // found errors too.
    Accepted.settle(Context);
    if (!Accepted.onlyAcceptedErrors())
      return; // The file does not compile; lowering it would only mislead.
    // Its notes say so (NvccAcceptedErrors.h).
    LaunchOptions.Untransformed = Accepted.deviceParseDiffers();

    // Lowered under --check-only too: what the lowering refuses is as much
    // a reason not to build as what the checks find.
    FileID Main = SM.getMainFileID();
    LoweredFiles Files(SM, Options.HeaderFilter);
    LaunchVisitor Visitor(Context, LaunchOptions, Files);
    Visitor.TraverseDecl(Context.getTranslationUnitDecl());
    if (MacroUses.reportUsesNotLowered(Visitor.state().MacroLaunchUses, SM,
                                       Diags) ||
        !Accepted.onlyAcceptedErrors())
      return;
    if (Options.WarnOtherArchitectureBranches)
      reportOtherArchitectureLaunches(Context, Files);
    if (!reportOlderStandard(Context, Visitor))
      return;

    // The writers below put the runtime's names (its bounds, a child's
    // aggregated or coarsened copy, a host launch's choice of copy) in the
    // files they edit, which need its include as a file with a lowered
    // launch does, even one that launches nothing: a child's aggregated
    // copy goes beside the child, in a header of kernels that another
    // header launches (static-priority-search-tree's search functions).
    llvm::SetVector<FileID> Written, WrittenAggregated;
    auto EditsOf = [&](FileID File) -> SourceEdits & {
      Written.insert(File);
      return Files.editsOf(File);
    };
    auto AggregatedEditsOf = [&](FileID File) -> SourceEdits & {
      WrittenAggregated.insert(File);
      return EditsOf(File);
    };
    auto Edited = [&](FileID File) { return Files.lowers(File); };
    const llvm::SetVector<const FunctionDecl *> Bounded =
        boundKernels(kernelsRunning(Context, Visitor.runtimeUsers()), Context,
                     Edited, EditsOf);
    if (!writeAggregatedKernels(Visitor.aggregation(), Context,
                                AggregatedEditsOf) ||
        !writeChildCopies(Visitor.childCopies(), Context, EditsOf) ||
        !writeUnboundedCopies(Bounded, Context, Edited, EditsOf))
      return;

    // Every file with a launch in the runtime form, a header that defines
    // a launch macro included, and every file written above.
    llvm::SetVector<FileID> UseRuntime;
    UseRuntime.insert(Visitor.state().UseRuntime.begin(),
                      Visitor.state().UseRuntime.end());
    UseRuntime.insert(Visitor.aggregation().UseRuntime.begin(),
                      Visitor.aggregation().UseRuntime.end());
    UseRuntime.insert(Written.begin(), Written.end());
    llvm::DenseSet<FileID> Counted = Visitor.counted();
    if (Options.Launches.Instrument)
      for (FileID File :
           registerProfileWriters(Context, Files, Visitor.hostLaunchers()))
        Counted.insert(File);
    UseRuntime.insert(Counted.begin(), Counted.end());
    for (FileID File : UseRuntime) {
      // A file that includes cdp/launch.cuh and now aggregates needs
      // cdp/aggregate.cuh too; one that counts launches, cdp/profile.cuh.
      const bool Aggregates = Visitor.aggregation().UseRuntime.contains(File) ||
                              WrittenAggregated.contains(File);
      const bool Counts = Counted.contains(File);
      if (auto Included = IncludeRuntime.find(File);
          Included != IncludeRuntime.end() &&
          (Counts ? Included->second.Profile
                  : Included->second.Aggregation || !Aggregates))
        continue;
      RuntimeInclude Include = runtimeIncludeFor(
          File,
          Counts       ? ProfileHeader
          : Aggregates ? AggregationHeader
                       : RuntimeHeader,
          File == Main
              ? StringRef(Options.OriginalFileName)
              : StringRef(Options.CopyHeaders ? absolutePath(SM, File) : ""),
          SM, Context.getLangOpts());
      Files.editsOf(File).insertFirst(Include.At, Include.Text);
    }
    // After the runtime's include, which an alias at the same place needs.
    insertAliasDeclarations(Visitor.state(), SM, [&](FileID File) -> auto & {
      return Files.editsOf(File);
    });
    // Headers the parse read changed (migrated) are written out even when
    // no launch in them was lowered.
    llvm::DenseSet<FileID> Changed = changedHeaders(SM, Files);
    if (Options.CopyHeaders)
      pointIncludesAtCopies(SM, Files, Changed);

    std::map<FileID, std::vector<TextEdit>> Resolved;
    for (auto &[File, Edits] : Files.all()) {
      std::optional<std::vector<TextEdit>> FileEdits = Edits.resolve(Diags);
      if (!FileEdits)
        return;
      Resolved[File] = std::move(*FileEdits);
    }
    unsigned Lowered = Visitor.loweredProgrammatic();
    for (auto [File, Count] : Visitor.lowered())
      Lowered += Count;
    Result.LoweredLaunches = Lowered;
    Result.Succeeded = true;
    if (Options.CheckOnly)
      return;
    Result.Original = SM.getBufferData(Main).str();
    for (FileID File : userFilesRead(SM))
      Result.Dependencies.push_back(absolutePath(SM, File));
    llvm::sort(Result.Dependencies);
    std::string InputDir(llvm::sys::path::parent_path(absolutePath(SM, Main)));
    for (auto &[File, Edits] : Resolved) {
      if (File == Main) {
        Result.Edits = std::move(Edits);
        continue;
      }
      std::string Path = absolutePath(SM, File);
      Result.Headers.push_back({Path, headerCopyName(Path, InputDir),
                                SM.getBufferData(File).str(),
                                std::move(Edits)});
    }
    Result.Text = applyTextEdits(Result.Original, Result.Edits);
  }

private:
  /// The runtime the lowered launches include is C++11 (C++17 for the
  /// forms firstNeedingCpp17 names): one error up front, at the first
  /// launch, rather than many from inside its header. False after
  /// reporting it.
  bool reportOlderStandard(ASTContext &Context, const LaunchVisitor &Visitor) {
    const LangOptions &LangOpts = Context.getLangOpts();
    if (LangOpts.CPlusPlus17 || !LangOpts.CPlusPlus ||
        Visitor.firstLowered().isInvalid())
      return true;
    if (!LangOpts.CPlusPlus11) {
      report(Context.getDiagnostics(), Visitor.firstLowered(),
             LoweringDiag::NeedsCpp11);
      return false;
    }
    auto NeedsCpp17 = Visitor.firstNeedingCpp17();
    if (!NeedsCpp17)
      return true;
    report(Context.getDiagnostics(), NeedsCpp17->first,
           LoweringDiag::NeedsCpp17)
        << static_cast<unsigned>(NeedsCpp17->second)
        << (LangOpts.CPlusPlus14 ? "14" : "11");
    return false;
  }

  void reportOtherArchitectureLaunches(ASTContext &Context,
                                       LoweredFiles &Files) {
    const SourceManager &SM = Context.getSourceManager();
    std::set<FileID> Lowered = {SM.getMainFileID()};
    for (auto &Entry : Files.all())
      Lowered.insert(Entry.first);
    for (FileID File : Lowered)
      for (const SkippedCode::Mention &Launch :
           Skipped.launchesForOtherArchitectures(File))
        report(Context.getDiagnostics(), Launch.Word,
               LoweringDiag::LaunchForOtherArchitecture)
            << Context.getTargetInfo().getTargetOpts().CPU;
  }

  /// Rewrites each `#include` of a copied header, in the main file or in
  /// another lowered header (which is then copied too), to name the copy.
  llvm::DenseSet<FileID> changedHeaders(const SourceManager &SM,
                                        LoweredFiles &Files) {
    llvm::DenseSet<FileID> Changed;
    if (Options.ChangedHeaders.empty())
      return Changed;
    for (FileID File : filesRead(SM))
      if (Files.lowers(File) &&
          Options.ChangedHeaders.count(absolutePath(SM, File))) {
        Files.editsOf(File);
        Changed.insert(File);
      }
    return Changed;
  }

  void pointIncludesAtCopies(const SourceManager &SM, LoweredFiles &Files,
                             const llvm::DenseSet<FileID> &Changed) {
    FileID Main = SM.getMainFileID();
    std::string InputDir(llvm::sys::path::parent_path(absolutePath(SM, Main)));
    auto CopyOf = [&](FileID File) {
      return File == Main ? std::string(llvm::sys::path::filename(
                                absolutePath(SM, Main)))
                          : headerCopyName(absolutePath(SM, File), InputDir);
    };
    llvm::DenseSet<const FileEntry *> Copied;
    for (auto &[File, Edits] : Files.all())
      if (File != Main && (!Edits.empty() || Changed.contains(File)))
        Copied.insert(*SM.getFileEntryRefForID(File));
    llvm::DenseSet<SourceLocation> Rewritten;
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const LowerLaunchesAction::Inclusion &Include : Inclusions) {
        if (!Include.Included ||
            !Copied.contains(&Include.Included->getFileEntry()) ||
            !Files.lowers(Include.Includer) ||
            !Rewritten.insert(Include.FileName.getBegin()).second)
          continue;
        FileID Included = SM.translateFile(*Include.Included);
        std::string Target = relativePath(
            CopyOf(Included),
            llvm::sys::path::parent_path(CopyOf(Include.Includer)));
        Files.editsOf(Include.Includer)
            .replace(Include.FileName, "\"" + Target + "\"");
        if (Include.Includer != Main &&
            Copied.insert(*SM.getFileEntryRefForID(Include.Includer)).second)
          Changed = true;
      }
    }
    // A copy lives elsewhere than its original: what the original found
    // beside itself, and was not copied, the copy names by its path.
    for (const LowerLaunchesAction::Inclusion &Include : Inclusions)
      if (Include.BesideIncluder && Include.Includer != Main &&
          !Rewritten.contains(Include.FileName.getBegin()) &&
          Copied.contains(
              &SM.getFileEntryRefForID(Include.Includer)->getFileEntry()) &&
          !Copied.contains(&Include.Included->getFileEntry()))
        Files.editsOf(Include.Includer)
            .replace(Include.FileName,
                     "\"" +
                         absolutePath(SM, SM.translateFile(*Include.Included)) +
                         "\"");
  }

  const LoweringOptions &Options;
  LoweredFile &Result;
  const llvm::DenseMap<FileID, LowerLaunchesAction::RuntimeIncluded>
      &IncludeRuntime;
  const std::vector<LowerLaunchesAction::Inclusion> &Inclusions;
  const SkippedCode &Skipped;
  const MacroLaunchUses &MacroUses;
  NvccAcceptedErrors &Accepted;
  /// Options.Launches, unless the transforms are off for this file.
  LaunchTransformOptions LaunchOptions = Options.Launches;
};

} // namespace

bool LowerLaunchesAction::BeginSourceFileAction(CompilerInstance &CI) {
  CI.getPreprocessor().addPPCallbacks(std::make_unique<IncludeRecorder>(
      CI.getSourceManager(), IncludeRuntime, Inclusions));
  Skipped.recordFrom(CI.getPreprocessor());
  MacroUses.recordFrom(CI.getPreprocessor());
  return true;
}

/// Whether the compile is nvcc's device-debug build (-G), which defines
/// __CUDACC_DEBUG__ (NvccCommandLine gives the parse the macro).
static bool isDeviceDebugBuild(const PreprocessorOptions &Preprocessor) {
  bool Defined = false;
  for (const auto &[Macro, IsUndef] : Preprocessor.Macros)
    if (StringRef(Macro).split('=').first == "__CUDACC_DEBUG__")
      Defined = !IsUndef;
  return Defined;
}

std::unique_ptr<ASTConsumer>
LowerLaunchesAction::CreateASTConsumer(CompilerInstance &CI, StringRef InFile) {
  FileOptions = Options;
  if (isDeviceDebugBuild(CI.getPreprocessorOpts()))
    FileOptions.Launches.Form = FileOptions.Launches.DeviceDebugForm;
  FileOptions.Launches.Aggregate.Unordered.add(unorderedChildrenFor(InFile));
  return std::make_unique<LowerLaunchesConsumer>(
      FileOptions, Result, IncludeRuntime, Inclusions, Skipped, MacroUses,
      NvccAcceptedErrors::install(CI));
}

} // namespace cdp
