//===- LaunchAggregation.cpp - Aggregate device-side launches -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchAggregation.h"

#include "Aggregation/ChildGridUses.h"
#include "Aggregation/LaunchAsCall.h"
#include "Aggregation/LaunchRefusal.h"
#include "Aggregation/OwnStreams.h"
#include "CudaAST/ExecutionSide.h"
#include "CudaAST/FindLaunch.h"
#include "CudaAST/KernelName.h"
#include "CudaAST/RuntimeCalls.h"
#include "CudaAST/RuntimeNames.h"
#include "CudaAST/SourceSpans.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/LoweringDiagnostics.h"
#include "ParamLayout/ParamLayout.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TemplateBase.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <optional>
#include <string>

using namespace clang;

namespace cdp {
namespace {

/// A `cdp::aggregate::warp(s)` or `block(s)` call in a launch's stream.
struct AggregationMarker {
  const CallExpr *Call;
  AggregationGranularity Granularity;
  /// The stream it wraps; null for `warp()`.
  const Expr *Stream;
};

bool isInNamespace(const Decl &D, StringRef Inner, StringRef Outer) {
  const auto *In = dyn_cast<NamespaceDecl>(D.getDeclContext());
  if (!In || In->getName() != Inner)
    return false;
  const auto *Out = dyn_cast<NamespaceDecl>(In->getDeclContext());
  return Out && Out->getName() == Outer &&
         Out->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

} // namespace

const Expr *streamOf(const CUDAKernelCallExpr &Launch) {
  const CallExpr *Config = Launch.getConfig();
  return Config->getNumArgs() ? Config->getArg(Config->getNumArgs() - 1)
                              : nullptr;
}

const Expr *configOperand(const CUDAKernelCallExpr &Launch, unsigned Index) {
  const CallExpr *Config = Launch.getConfig();
  return Config && Config->getNumArgs() >= 4
             ? Config->getArg(Config->getNumArgs() - 4 + Index)
             : nullptr;
}

namespace {

std::optional<AggregationMarker> markerOf(const CUDAKernelCallExpr &Launch) {
  const Expr *Stream = streamOf(Launch);
  if (!Stream)
    return std::nullopt;
  const auto *Call = dyn_cast<CallExpr>(Stream->IgnoreImplicit());
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() ||
      !isInNamespace(*Callee, "aggregate", "cdp"))
    return std::nullopt;
  AggregationGranularity Granularity;
  if (Callee->getName() == "warp")
    Granularity = AggregationGranularity::Warp;
  else if (Callee->getName() == "block")
    Granularity = AggregationGranularity::Block;
  else if (Callee->getName() == "group")
    Granularity = AggregationGranularity::Group;
  else if (Callee->getName() == "grid")
    Granularity = AggregationGranularity::Grid;
  else
    return std::nullopt;
  const Expr *Wrapped = Call->getNumArgs() ? Call->getArg(0) : nullptr;
  if (Wrapped && isa<CXXDefaultArgExpr>(Wrapped))
    Wrapped = nullptr;
  return AggregationMarker{Call, Granularity, Wrapped};
}

} // namespace

/// The integer a stream is written as: `0`, or a reserved handle cast
/// (`(cudaStream_t)0x4`); none for a stream variable.
static std::optional<llvm::APSInt> handleValue(const Expr &Stream,
                                               const ASTContext &Context) {
  Expr::EvalResult Value;
  const Expr *Bare = Stream.IgnoreParenCasts();
  if (!Bare->getType()->isIntegerType() || !Bare->EvaluateAsInt(Value, Context))
    return std::nullopt;
  return Value.Val.getInt();
}

bool isReservedStream(const Expr *Stream, ReservedStream Which,
                      const ASTContext &Context) {
  const std::optional<llvm::APSInt> Handle =
      Stream ? handleValue(*Stream, Context) : std::nullopt;
  return Handle && *Handle == static_cast<int>(Which);
}

bool isNullStream(const Expr *Stream, ASTContext &Context) {
  if (!Stream)
    return true;
  const std::optional<llvm::APSInt> Handle = handleValue(*Stream, Context);
  return (Handle && *Handle == 0) ||
         Stream->isNullPointerConstant(Context,
                                       Expr::NPC_ValueDependentIsNotNull);
}

const CUDAKernelCallExpr *launchIntoNullStream(const FunctionDecl *Child,
                                               ASTContext &Context) {
  const FunctionDecl *Definition = Child ? Child->getDefinition() : nullptr;
  if (!Definition)
    return nullptr;
  return findLaunch(Definition->getBody(), [&](const CUDAKernelCallExpr &L) {
    return isNullStream(streamOf(L), Context);
  });
}

namespace {

/// The first call in \p Body of cudaGetLastError or cudaPeekAtLastError.
const CallExpr *errorRead(const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const CallExpr *Found = nullptr;
    bool VisitCallExpr(CallExpr *Call) {
      if (readsLastError(*Call))
        Found = Found ? Found : Call;
      return true;
    }
  } Find;
  Find.TraverseStmt(const_cast<Stmt *>(Body));
  return Find.Found;
}

class LaunchAggregator : LaunchRefusal {
public:
  LaunchAggregator(const CUDAKernelCallExpr &Launch,
                   const FunctionDecl &Enclosing, ASTContext &Context,
                   llvm::function_ref<SourceEdits *(FileID)> EditsOf,
                   AggregationState &State)
      : LaunchRefusal(Launch, Enclosing, Context, EditsOf), State(State) {}

  AggregationOutcome run(const AggregationOptions &Options,
                         llvm::ArrayRef<const CUDAKernelCallExpr *> Instances) {
    takeKernelOfInstances(Instances);
    std::optional<AggregationMarker> Marker = markerOf(Launch);
    Granularity = Marker ? Marker->Granularity : Options.Granularity;
    Unordered = Kernel && Options.Unordered.contains(*Kernel);
    if (Granularity == AggregationGranularity::None)
      return AggregationOutcome::NotAggregated;
    Level = Marker ? DiagnosticsEngine::Error : DiagnosticsEngine::Warning;
    Quiet = Options.Quiet && !Marker;
    if (!ofEveryLaunchedKernel([&] { return isEligible(Marker.has_value()); }))
      return Marker ? AggregationOutcome::Refused
                    : AggregationOutcome::NotAggregated;
    rewrite(Marker, Options.RuntimeChecks
                        ? Call->siteMacro(SM, Context.getLangOpts()) + ", "
                        : "");
    return AggregationOutcome::Aggregated;
  }

  using LaunchRefusal::declined;

private:
  /// Reports why the launch is not aggregated; false.
  void reportRefusal(const std::string &Why) override {
    report(Context.getDiagnostics(), Launch.getBeginLoc(),
           Level == DiagnosticsEngine::Error
               ? LoweringDiag::AggregationRefused
               : LoweringDiag::LaunchNotAggregated)
        << kernelAsNamed() << static_cast<unsigned>(Granularity) - 1 << Why;
  }
  /// A function other than the kernel, for a message.
  static std::string name(const NamedDecl &D) {
    return "'" + D.getNameAsString() + "'";
  }

  bool isEligible(bool Marked) {
    if (!Kernel)
      return decline(whyNoKernel());
    const std::string KernelName = kernelAsNamed();
    if (executionSideOf(Enclosing) == LaunchSide::HostDevice)
      return decline("it is in a __host__ __device__ function");
    // A function template's pattern, a class template member's, or a
    // lambda's in either is rewritten once for all its instances; the tool
    // visits only patterns, and an instance has none of its own to edit.
    if (Enclosing.isTemplateInstantiation())
      return decline("it is in an instance of a template, and aggregation "
                     "rewrites the template as written");
    // A kernel template's aggregated copy is a template too, written from
    // its pattern; an explicit specialization has no pattern to copy.
    if (Kernel->getTemplateSpecializationKind() == TSK_ExplicitSpecialization)
      return decline(KernelName + " is an explicit specialization of a "
                                  "template, which aggregation does not "
                                  "handle yet");
    if (!locateTokens())
      return decline("it is written in a macro; aggregation rewrites only "
                     "launches written out in the file");
    Definition = Kernel->getDefinition();
    Pattern = Definition;
    if (Definition && Definition->getTemplateInstantiationPattern())
      Pattern = Definition->getTemplateInstantiationPattern();
    if (!Definition || !Pattern->getLocation().isFileID() ||
        !EditsOf(SM.getFileID(Pattern->getLocation())))
      return decline("the body of " + KernelName +
                     " is not in a file that cdp-lower lowers, and the "
                     "aggregated kernel is a copy of it");
    if (Definition->hasAttr<CUDAClusterDimsAttr>())
      return decline(KernelName + " has a cluster shape (__cluster_dims__), "
                                  "which an aggregated grid does not keep");
    if (std::optional<std::string> Why = whyParameterNotPassedOn(*Definition))
      return decline(*Why);
    if (std::optional<std::string> Why = whyCopyUnnamable("aggregated kernel"))
      return decline(*Why);
    // A launch made alone passes its record (the parameters and the
    // configuration) by value, in every instance.
    // ofEveryLaunchedKernel brings each instance's kernel here in turn.
    uint64_t Bytes = 0;
    if (llvm::Expected<KernelParamLayout> Layout =
            computeParamLayout(*Definition, Context))
      Bytes = Layout->BufferSize;
    else
      llvm::consumeError(Layout.takeError()); // Laid out by the runtime.
    if (Bytes > ParamBufferLimit - 64)
      return decline("the parameters of " + KernelName +
                     " with a launch's configuration would not fit the 4 KB "
                     "parameter buffer of a launch made alone");
    Uses = findChildGridUses(*Definition);
    // One shape for a batch where any instance the copy serves needs it.
    OneShape |= Uses.Barriers || Uses.BlockDimReader;
    // A function that reads blockDim reads the launch's in a batch of one
    // block shape, which the copy is then written for (AggregatedKernel).
    if (!declineShapeReaders(Uses,
                             "in an aggregated grid only the body of " +
                                 KernelName +
                                 " sees the values of its own launch",
                             "the aggregated grid's", /*BlockDimKept=*/true))
      return false;
    if (const CallExpr *Read = errorRead(Enclosing.getBody()))
      return declineWithNote(
          name(Enclosing) +
              " reads launch errors, and an aggregated launch is made by "
              "another thread, whose errors cudaGetLastError() here would "
              "not report",
          Read->getBeginLoc(), "launch errors read here");
    if (Granularity != AggregationGranularity::Warp &&
        !Enclosing.hasAttr<CUDAGlobalAttr>())
      return decline("it is not in the body of a kernel (but in a __device__ "
                     "function or a lambda), and a block's or a grid's "
                     "aggregated launch is made when its threads leave the "
                     "kernel; aggregate it by warp");
    if (!Marked && !Unordered && !isFireAndForget(streamOf(Launch), Context) &&
        !takeOwnStreamAsFireAndForget())
      return declineWithNote(
          "its stream is not cudaStreamFireAndForget (nor one the launching "
          "thread made for this launch alone): launches into one "
          "stream run one after another, and aggregated they would run at "
          "the same time",
          Launch.getBeginLoc(),
          "if the child grids do not rely on that order, say so with "
          "--aggregate-unordered=" +
              Kernel->getNameAsString() +
              " (or in .cdp-lower), or mark the stream with "
              "cdp::aggregate::warp(), block() or grid()");
    return true;
  }

  /// Whether the launch is the one launch into a stream its thread made
  /// for it (OwnStreams.h); its stream is then written as
  /// cudaStreamFireAndForget, which orders as little and lets the
  /// runtime join the launches of threads whose streams differ.
  bool takeOwnStreamAsFireAndForget() {
    if (!launchesOnceIntoOwnStream(Launch, Enclosing, Context))
      return false;
    OwnStream = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(streamOf(Launch)->getSourceRange()), SM,
        Context.getLangOpts());
    return OwnStream.isValid();
  }

  /// Removes what only made and destroyed the stream the launch no longer
  /// names (OwnStreams.h): a kernel of CDP1-era graph code made four
  /// streams a thread for nothing (NPSLab's SSSP aggregated by block: 2-6%
  /// of its time, H200). Their lines stay, blank, so that the lines after
  /// them keep their numbers; the declaration's says why.
  void removeDeadOwnStream() {
    const FileID File = Call->Edits->file();
    const llvm::SmallVector<const Stmt *, 4> Dead =
        deadOwnStreamStatements(Launch, Enclosing, Context);
    for (const Stmt *S : Dead)
      if (SM.getFileID(S->getBeginLoc()) != File)
        return;
    const SourceSpans Spans(Context, File);
    for (const Stmt *S : Dead) {
      const Span Statement = Spans.statement(*S);
      const Span Lines = Spans.wholeLines(Statement);
      std::string Text = Spans.lineBreaksOf(Lines);
      if (const auto *Declaration = dyn_cast<DeclStmt>(S);
          Declaration && Lines.End > Statement.End)
        Text.insert(0, Spans.indentOf(Statement.Begin) + "// No stream '" +
                           cast<NamedDecl>(Declaration->getSingleDecl())
                               ->getNameAsString() +
                           "': its one launch is fire-and-forget now.");
      Call->Edits->replace(Spans.range(Lines), std::move(Text));
    }
  }

  /// The file positions of the tokens the rewrite replaces; false when one
  /// is in a macro.
  bool locateTokens() {
    Call = launchAsCall();
    return Call.has_value();
  }

  unsigned distance(SourceLocation From, SourceLocation To) const {
    return SM.getFileOffset(To) - SM.getFileOffset(From);
  }

  void unwrapMarker(const AggregationMarker &Marker) {
    CharSourceRange MarkerCall = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Marker.Call->getSourceRange()), SM,
        Context.getLangOpts());
    if (MarkerCall.isInvalid())
      return;
    if (!Marker.Stream) {
      Call->Edits->replace(MarkerCall, "0");
      return;
    }
    CharSourceRange Stream = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Marker.Stream->getSourceRange()), SM,
        Context.getLangOpts());
    if (Stream.isInvalid())
      return;
    Call->Edits->replace(
        CharSourceRange::getCharRange(MarkerCall.getBegin(), Stream.getBegin()),
        "");
    Call->Edits->replace(
        CharSourceRange::getCharRange(Stream.getEnd(), MarkerCall.getEnd()),
        "");
  }

  /// Rewrites the launch, opening its call with \p Site (empty, or the
  /// launch's site under run-time checks, and a comma).
  void rewrite(const std::optional<AggregationMarker> &Marker,
               const std::string &Site) {
    if (Granularity == AggregationGranularity::Warp) {
      Call->rewriteAsCall(SM, runtime::AggregateByWarp, "_aggregated", Site);
    } else {
      // The aggregated kernel as this launch names it: `work::child` and
      // `child<float>` become `work::child_aggregated` and
      // `child_aggregated<float>`.
      const LangOptions &LangOpts = Context.getLangOpts();
      const std::string Aggregated =
          writtenText(
              CharSourceRange::getCharRange(Call->CalleeBegin, Call->NameEnd),
              SM, LangOpts) +
          "_aggregated" + Call->DeducedArgs +
          writtenText(CharSourceRange::getCharRange(
                          Call->NameEnd, Lexer::getLocForEndOfToken(
                                             Call->CalleeEnd, 0, SM, LangOpts)),
                      SM, LangOpts);
      // Outside templates one scope takes the child's launches however
      // they name it (`fz::child` and `::fz::child`); in a template
      // `child<T>` and `child<int>` may name two children or one.
      const std::string Key = Enclosing.isDependentContext() ? Aggregated : "";
      auto [It, New] =
          State.Scopes.insert({{&Enclosing, Definition, Granularity, Key},
                               {Aggregated, "", kernelAsNamed()}});
      if (New)
        std::tie(It->second.Variable, It->second.Copy) =
            scopeVariable(Granularity);
      Call->Edits->replace(Call->CalleeBegin,
                           distance(Call->CalleeBegin, Call->Spaced.LessBegin) +
                               Call->Spaced.LessLength,
                           It->second.Variable + ".launch(" + Site + "{");
      Call->Edits->replace(
          Call->Spaced.GreaterBegin,
          distance(Call->Spaced.GreaterBegin, Call->ArgsLParen) + 1,
          Call->argsOpen(SM));
      Call->passDefaultArgs();
    }
    if (Marker)
      unwrapMarker(*Marker);
    if (OwnStream.isValid()) {
      Call->Edits->replace(OwnStream, "cudaStreamFireAndForget");
      removeDeadOwnStream();
    }
    AggregatedChild &Child = State.Children[Pattern];
    Child.OneShape |= OneShape;
    if (Child.FirstLaunch.isInvalid() ||
        SM.isBeforeInTranslationUnit(Call->CalleeBegin, Child.FirstLaunch))
      Child.FirstLaunch = Call->CalleeBegin;
    State.UseRuntime.insert(SM.getFileID(Call->CalleeBegin));
  }

  AggregationState &State;
  /// The kernel's definition, and what its copy is written from (the
  /// template's pattern for an instantiation).
  const FunctionDecl *Definition = nullptr;
  const FunctionDecl *Pattern = nullptr;
  ChildGridUses Uses;
  /// The child, or one of the instances the launch's template makes, has
  /// barriers or a function that reads blockDim: its batches keep one
  /// block shape (AggregatedKernel).
  bool OneShape = false;
  AggregationGranularity Granularity = AggregationGranularity::None;
  /// The user declared the child's launches independent of stream order.
  bool Unordered = false;
  /// The stream operand, when it names a stream the launching thread made
  /// for this launch alone.
  CharSourceRange OwnStream;
  DiagnosticsEngine::Level Level = DiagnosticsEngine::Warning;
  /// Where the launch is rewritten.
  std::optional<LaunchAsCall> Call;

  /// `cdp_child_block_launches`, numbered after the first when the kernel
  /// collects launches of several instantiations of the child; and, in a
  /// template, where two scopes may be of one type, that number for the
  /// runtime (ScopeSpelling::Copy).
  std::pair<std::string, unsigned>
  scopeVariable(AggregationGranularity Granularity) const {
    unsigned Taken = 0;
    for (const auto &[Scope, Spelling] : State.Scopes)
      if (Scope.Kernel == &Enclosing && Scope.Granularity == Granularity &&
          Scope.Child->getName() == Kernel->getName() &&
          !Spelling.Variable.empty())
        ++Taken;
    std::string Name = scopeName(*Kernel, Granularity);
    if (!Taken)
      return {Name, 1};
    return {Name + "_" + std::to_string(Taken + 1),
            Enclosing.isDependentContext() ? Taken + 1 : 1};
  }
};

} // namespace

std::string scopeName(const FunctionDecl &Child,
                      AggregationGranularity Granularity) {
  const char *By = Granularity == AggregationGranularity::Grid    ? "_grid"
                   : Granularity == AggregationGranularity::Group ? "_group"
                                                                  : "_block";
  return "cdp_" + Child.getNameAsString() + By + "_launches";
}

AggregationOutcome
aggregateLaunch(const CUDAKernelCallExpr &Launch, const FunctionDecl &Enclosing,
                ASTContext &Context, const AggregationOptions &Options,
                llvm::function_ref<SourceEdits *(FileID)> EditsOf,
                AggregationState &State,
                llvm::ArrayRef<const CUDAKernelCallExpr *> Instances,
                std::string *Declined) {
  LaunchAggregator Aggregator(Launch, Enclosing, Context, EditsOf, State);
  const AggregationOutcome Outcome = Aggregator.run(Options, Instances);
  if (Declined)
    *Declined = Aggregator.declined();
  return Outcome;
}

bool UnorderedChildren::contains(const FunctionDecl &Kernel) const {
  if (All)
    return true;
  // A template's instantiation is named as its template is.
  const FunctionDecl &Named =
      Kernel.getPrimaryTemplate()
          ? *Kernel.getPrimaryTemplate()->getTemplatedDecl()
          : Kernel;
  const std::string Simple = Named.getNameAsString(),
                    Qualified = Named.getQualifiedNameAsString();
  for (const std::string &Name : Names) {
    StringRef Written = StringRef(Name).ltrim(':');
    if (Written == Simple || Written == Qualified)
      return true;
  }
  return false;
}

void UnorderedChildren::add(const UnorderedChildren &Other) {
  All |= Other.All;
  Names.insert(Names.end(), Other.Names.begin(), Other.Names.end());
}

void UnorderedChildren::add(StringRef List) {
  llvm::SmallVector<StringRef, 4> Parts;
  List.split(Parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef Part : Parts) {
    Part = Part.trim();
    if (Part == "all")
      All = true;
    else if (!Part.empty())
      Names.push_back(Part.str());
  }
}

} // namespace cdp
