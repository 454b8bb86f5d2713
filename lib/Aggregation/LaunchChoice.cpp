//===- LaunchChoice.cpp - What --optimize does at one launch --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchChoice.h"
#include "Aggregation/BarrierPhases.h"
#include "Aggregation/ChildGridUses.h"
#include "Aggregation/LaunchAggregation.h"
#include "Aggregation/LaunchedBlocks.h"
#include "Aggregation/LaunchingThreads.h"
#include "CudaAST/FindLaunch.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>

using namespace clang;

namespace cdp {

namespace {

using Kernels = llvm::ArrayRef<const FunctionDecl *>;

/// Whether a thread of \p Child runs a loop, in its body or a function it
/// calls; false when its body is not seen.
bool threadsLoop(const FunctionDecl *Child) {
  const FunctionDecl *Definition = Child ? Child->getDefinition() : nullptr;
  return Definition && findChildGridUses(*Definition).Loop;
}

/// Whether the threads of any of \p Children run a loop.
bool threadsLoop(Kernels Children) {
  return llvm::any_of(Children,
                      [](const FunctionDecl *C) { return threadsLoop(C); });
}

/// Whether a serial run of \p Child takes it phase by phase: it has
/// barriers or shared memory, and its body can be cut at them.
bool runsInPhases(const FunctionDecl *Child) {
  const FunctionDecl *Definition = Child ? Child->getDefinition() : nullptr;
  if (!Definition)
    return false;
  const ChildGridUses Uses = findChildGridUses(*Definition);
  if (!needsPhases(*Definition, Uses))
    return false;
  std::optional<PhaseRefusal> Refusal;
  return splitAtBarriers(*Definition, Uses, Refusal).has_value();
}

/// Whether serial runs of all of \p Children (one at least) take them
/// phase by phase.
bool runsInPhases(Kernels Children) {
  return !Children.empty() && llvm::all_of(Children, [](const FunctionDecl *C) {
    return runsInPhases(C);
  });
}

/// Whether any of \p Children launches into its null stream.
bool launchesIntoNullStream(Kernels Children, ASTContext &Context) {
  return llvm::any_of(Children, [&](const FunctionDecl *C) {
    return launchIntoNullStream(C, Context) != nullptr;
  });
}

/// Whether \p A and \p B are one kernel, or one an instance of the other
/// (a template's pattern launching its own instances).
bool sameKernelOrInstance(const FunctionDecl &A, const FunctionDecl &B) {
  auto Pattern = [](const FunctionDecl &F) {
    const FunctionDecl *From = F.getTemplateInstantiationPattern();
    return (From ? From : &F)->getCanonicalDecl();
  };
  return Pattern(A) == Pattern(B);
}

/// Whether \p Holds for every device-side launch written in \p Kernel,
/// given the kernels it launches (\p KernelsOf).
bool everyLaunchIn(const FunctionDecl &Kernel, LaunchedKernels KernelsOf,
                   llvm::function_ref<bool(Kernels)> Holds) {
  return !findLaunch(Kernel.getBody(), [&](const CUDAKernelCallExpr &L) {
    return !Holds(KernelsOf(L));
  });
}

/// Whether every device-side launch written in \p Kernel is of children
/// that a serial run takes phase by phase.
bool launchesOnlyPhased(const FunctionDecl &Kernel, LaunchedKernels KernelsOf) {
  return everyLaunchIn(Kernel, KernelsOf,
                       [](Kernels Children) { return runsInPhases(Children); });
}

/// Whether every device-side launch written in \p Kernel is of children
/// whose threads do not loop, other than \p Kernel itself: children whose
/// small grids run in the launching warp at the 4,096-thread threshold,
/// so that, unaggregated above it, the kernel may carry no aggregation at
/// all. (A looping or recursive child keeps its aggregation, and the
/// kernel its cost, which the other launches then share.)
bool launchesOnlyNonLooping(const FunctionDecl &Kernel,
                            LaunchedKernels KernelsOf) {
  return everyLaunchIn(Kernel, KernelsOf, [&](Kernels Children) {
    return !Children.empty() &&
           llvm::all_of(Children, [&](const FunctionDecl *Child) {
             return Child->getDefinition() &&
                    !sameKernelOrInstance(*Child, Kernel) &&
                    !threadsLoop(Child);
           });
  });
}

/// The threshold below which \p Launch's grid runs in the launching warp,
/// in \p Choice: none where its grid is never that small (a constant size,
/// or all the launches \p Profile saw), and none below 2.
void chooseThreshold(LaunchChoice &Choice, const CUDAKernelCallExpr &Launch,
                     Kernels Children, ASTContext &Context,
                     const SiteProfile *Profile) {
  Choice.LoopingChild = threadsLoop(Children);
  const unsigned Threshold =
      (Choice.LoopingChild ? OptimizeLoopingThreshold : OptimizeThreshold) /
      32 * Choice.Lanes;
  // Below a threshold of 2, a serial run would take a grid of one thread
  // or none, which is not worth its code: no threshold.
  if (Threshold < 2)
    return;
  // A grid of a constant size at or above the threshold never runs in the
  // launching warp: no threshold, which would only add a serial run that
  // never runs and, where the kernel's launches are all of children run in
  // phases, keep the launch unaggregated (NPSLab's graph colouring: 64
  // threads whose threads loop, launched past the device runtime's
  // pending-launch limit unaggregated, lost launches).
  if (const std::optional<std::uint64_t> Threads =
          constantThreads(Launch, Context);
      Threads && *Threads >= Threshold) {
    Choice.ConstantThreads = *Threads;
    Choice.NeverBelowThreshold = Threshold;
    return;
  }
  // As a constant grid: the profile saw no launch the threshold takes.
  if (Profile && Profile->allAtLeast(Threshold)) {
    Choice.ProfiledLaunches = Profile->launches();
    Choice.NeverBelowThreshold = Threshold;
    return;
  }
  Choice.Threshold.Threads = Threshold;
  Choice.Threshold.Quiet = true;
  if (Profile && Profile->allFewerThan(Threshold)) {
    Choice.ProfiledLaunches = Profile->launches();
    Choice.ProfiledBelowThreshold = true;
  }
}

} // namespace

LaunchChoice chooseTransforms(const CUDAKernelCallExpr &Launch,
                              const FunctionDecl &Enclosing,
                              ASTContext &Context,
                              const ThresholdOptions &Threshold,
                              const AggregationOptions &Aggregate,
                              bool Optimize, LaunchedKernels KernelsOf,
                              const SiteProfile *Profile,
                              const LaunchedBlocks *Blocks) {
  LaunchChoice Choice{Threshold, Aggregate};
  if (!Optimize)
    return Choice;
  // In a template whose parameters choose the kernel, its instances' (a
  // choice that holds of them all).
  const llvm::SmallVector<const FunctionDecl *, 2> Children = KernelsOf(Launch);
  const bool InKernel = Enclosing.hasAttr<CUDAGlobalAttr>();
  if (InKernel && Blocks) {
    // The thresholds are for a launching warp of 32 lanes, which share a
    // serial run; a kernel launched only in smaller blocks has fewer
    // (LaunchedBlocks.h), and its thresholds shrink with them.
    if (std::optional<unsigned> Lanes = Blocks->lanesOf(Enclosing))
      Choice.Lanes = *Lanes;
    // A parent of one warp in all has no other warp to hide a serial run's
    // latency, and too few launches for their rate to matter: as written.
    const std::optional<std::uint64_t> Threads =
        Blocks->gridThreadsOf(Enclosing);
    if (Threads && *Threads <= 32) {
      Choice.ParentThreads = *Threads;
      return Choice;
    }
  }
  // No threshold given: --optimize chooses one, unless a serial run would
  // put the child's own launches in order: its launches into its null
  // stream (hpca-uji's fdsl-gpu-pipeline: a thread per image, whose child
  // launches three grids in order, ran 5x slower so than as written).
  if (!Choice.Threshold.Threads) {
    if (launchesIntoNullStream(Children, Context))
      Choice.ChildLaunchesInOrder = true;
    else
      chooseThreshold(Choice, Launch, Children, Context, Profile);
  }
  if (Choice.Aggregate.Granularity == AggregationGranularity::None) {
    // A constant grid of at least 4,096 threads that do not loop is what
    // launches above the threshold elsewhere: enough work for a launch of
    // its own, left unaggregated where the function's launches are all of
    // such children (below). A looping child's constant grid is aggregated.
    const bool OnlyPhased = InKernel && runsInPhases(Children) &&
                            launchesOnlyPhased(Enclosing, KernelsOf);
    if (Choice.NeverBelowThreshold && !Choice.LoopingChild &&
        (OnlyPhased || launchesOnlyNonLooping(Enclosing, KernelsOf))) {
      Choice.LargeGrid = true;
      return Choice;
    }
    // Where a kernel launches only children run in phases, their small
    // grids run so and the rest launch, unaggregated, and the run may wait
    // for the launching thread's end where that gains (SerialRunAtEnd.h):
    // SpMV's parent, measured. Elsewhere the launch is aggregated (by
    // block in a kernel, by warp in a __device__ function, whose kernel
    // may aggregate) and, since the runtime's split-warp turn, its small
    // grids still run in phases below the threshold.
    if (Choice.Threshold.Threads && OnlyPhased) {
      Choice.Threshold.AtThreadEnd = true;
      return Choice;
    }
    // A block's one launch gains nothing from its aggregation by block,
    // and pays for it (LaunchingThreads.h).
    if (InKernel && (Choice.Lanes == 1 ||
                     onlyOneThreadLaunches(Launch, Enclosing, Context))) {
      Choice.OneThreadOnly = true;
      return Choice;
    }
    Choice.Aggregate.Granularity =
        InKernel ? AggregationGranularity::Block : AggregationGranularity::Warp;
    Choice.Aggregate.Quiet = true;
    Choice.UnaggregatedAboveThreshold =
        Choice.Threshold.Threads &&
        ((!Choice.LoopingChild &&
          launchesOnlyNonLooping(Enclosing, KernelsOf)) ||
         Choice.ProfiledBelowThreshold);
    Choice.Threshold.AtThreadEnd = Choice.UnaggregatedAboveThreshold;
  }
  return Choice;
}

AggregationOptions aggregationAfterThreshold(const LaunchChoice &Choice,
                                             bool Serial) {
  AggregationOptions Aggregate = Choice.Aggregate;
  if (Serial && Choice.UnaggregatedAboveThreshold)
    Aggregate.Granularity = AggregationGranularity::None;
  return Aggregate;
}

} // namespace cdp
