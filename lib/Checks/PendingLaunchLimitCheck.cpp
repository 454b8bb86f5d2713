//===- PendingLaunchLimitCheck.cpp - More launches than the pool holds ----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-pending-launch-limit (off by default). The device runtime keeps each
// launch that has not begun in a fixed-size pool, 2,048 launches unless the
// host raises cudaLimitDevRuntimePendingLaunchCount; "when the buffer is
// full, launches will set the thread's last error to
// cudaErrorLaunchPendingCountExceeded" (CUDA Programming Guide, "Pending
// Kernel Launches"), and under CDP2 no virtualized pool stands behind it.
// A child that every thread of a large grid launches is then lost, quietly
// unless the thread reads its error, and differently from run to run.
//
// Reported: a launch written in a kernel's body that the kernel's threads
// may make more times than the pool holds, by what this file shows: a host
// launch of the kernel whose grid is not a constant of at most 2,048
// threads, or a launch in a loop; where the file never names
// cudaLimitDevRuntimePendingLaunchCount. Each thread of the grid counts
// once; each warp or block, where one lane of a warp or one thread of a
// block launches.
//
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchAggregation.h"
#include "Aggregation/LaunchedBlocks.h"
#include "Aggregation/LaunchingThreads.h"
#include "Checks/CheckFactories.h"
#include "CudaAST/EnclosingStatements.h"
#include "CudaAST/KernelName.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

#include <optional>

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

/// The device runtime's pending launches when the host does not say.
constexpr uint64_t DefaultPendingLaunches = 2048;
/// The most threads a block may have.
constexpr uint64_t MaxBlockThreads = 1024;

/// The function a launch or a kernel stands for: a template's pattern.
const FunctionDecl *patternOf(const FunctionDecl &Function) {
  const FunctionDecl *Pattern = Function.getTemplateInstantiationPattern();
  return (Pattern ? Pattern : &Function)->getCanonicalDecl();
}

class PendingLaunchLimitCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(cudaKernelCallExpr().bind("launch"), this);
    Finder.addMatcher(
        declRefExpr(to(enumConstantDecl(
                        hasName("cudaLimitDevRuntimePendingLaunchCount"))))
            .bind("limit"),
        this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    if (Result.Nodes.getNodeAs<DeclRefExpr>("limit")) {
      LimitNamed = true;
      return;
    }
    const auto *Launch = Result.Nodes.getNodeAs<CUDAKernelCallExpr>("launch");
    const CodeSite *Site = siteToCheck(*Launch);
    const FunctionDecl *Kernel = Launch->getDirectCallee();
    if (!Site || !Site->Function || !Kernel)
      return;
    if (Site->Side == LaunchSide::Host)
      HostLaunches[patternOf(*Kernel)].push_back(Launch);
    else if (Site->Side == LaunchSide::Device &&
             Site->Function->hasAttr<CUDAGlobalAttr>())
      DeviceLaunches[patternOf(*Site->Function)].push_back(
          {Launch, Site->Function});
  }

  void checkTranslationUnit() override {
    if (LimitNamed)
      return;
    for (const auto &[Parent, Launches] : DeviceLaunches) {
      auto Host = HostLaunches.find(Parent);
      if (Host == HostLaunches.end())
        continue;
      for (const auto &[Launch, Written] : Launches)
        checkLaunch(*Launch, *Written, Host->second);
    }
  }

private:
  struct DeviceLaunch {
    const CUDAKernelCallExpr *Launch;
    /// The kernel it is written in.
    const FunctionDecl *Kernel;
  };

  /// Which threads of a grid make a launch, once each.
  enum class Launchers { EveryThread, OneLaneOfWarp, OneThreadOfBlock };

  /// How many times the threads of the grid \p HostLaunch launches may
  /// make a launch of their kernel outside loops, at the most, \p Who
  /// making it; none where the compiler does not know.
  std::optional<uint64_t> launchesOf(const CUDAKernelCallExpr &HostLaunch,
                                     Launchers Who) {
    const Expr *Grid = configOperand(HostLaunch, 0);
    std::optional<uint64_t> Blocks =
        Grid ? constantExtent(*Grid, Context.ast()) : std::nullopt;
    if (!Blocks || Who == Launchers::OneThreadOfBlock)
      return Blocks;
    // A block has at most 1,024 threads, however its size is written.
    std::optional<uint64_t> Threads =
        constantBlockThreads(HostLaunch, Context.ast());
    const uint64_t PerBlock = Threads ? *Threads : MaxBlockThreads;
    if (Who == Launchers::OneLaneOfWarp)
      return *Blocks * ((PerBlock + 31) / 32);
    return *Blocks * PerBlock;
  }

  void checkLaunch(const CUDAKernelCallExpr &Launch, const FunctionDecl &Kernel,
                   llvm::ArrayRef<const CUDAKernelCallExpr *> HostLaunches) {
    ASTContext &AST = Context.ast();
    const bool Repeated =
        EnclosingStatements::of(*Kernel.getBody(), AST).inLoop(Launch);
    // `if (threadIdx.x == 0)`, `if (lane == 0)` and the like, as
    // aggregation reads them (Aggregation/LaunchingThreads).
    Launchers Who = Launchers::EveryThread;
    if (!Repeated && onlyOneThreadLaunches(Launch, Kernel, AST))
      Who = Launchers::OneThreadOfBlock;
    else if (!Repeated &&
             !oneThreadRegion(Launch, Kernel, AST, ThreadScope::Warp).empty())
      Who = Launchers::OneLaneOfWarp;
    for (const CUDAKernelCallExpr *HostLaunch : HostLaunches) {
      std::optional<uint64_t> Launches = launchesOf(*HostLaunch, Who);
      if (!Repeated && Launches && *Launches <= DefaultPendingLaunches)
        continue;
      diag(Launch.getBeginLoc(),
           "this launch of %0 may be made more times than the device "
           "runtime's pending-launch pool holds (2,048 launches unless the "
           "host raises cudaLimitDevRuntimePendingLaunchCount, which this "
           "file never does); launches past it fail with "
           "cudaErrorLaunchPendingCountExceeded, and their grids never run")
          << quotedKernelName(Launch.getDirectCallee())
          << Launch.getConfig()->getSourceRange();
      if (Repeated)
        note(Launch.getBeginLoc(), "each thread may make it many times, in a "
                                   "loop");
      // 0: size unknown; else 1 + Who.
      const unsigned Shape = Launches ? 1 + unsigned(Who) : 0;
      note(HostLaunch->getBeginLoc(),
           "%0 is launched here with %select{a grid whose size is not known "
           "at compile time|%2 threads|%2 warps, one lane of each making the "
           "launch|%2 blocks, one thread of each making the launch}1")
          << quotedKernelName(&Kernel) << Shape
          << (Launches ? std::to_string(*Launches) : std::string())
          << HostLaunch->getConfig()->getSourceRange();
      note(HostLaunch->getBeginLoc(),
           "raise the pool before this launch, to the launches that may be "
           "pending at once: cudaDeviceSetLimit("
           "cudaLimitDevRuntimePendingLaunchCount, n)");
      return; // One host launch says it.
    }
  }

  bool LimitNamed = false;
  llvm::MapVector<const FunctionDecl *, llvm::SmallVector<DeviceLaunch, 2>>
      DeviceLaunches;
  llvm::DenseMap<const FunctionDecl *,
                 llvm::SmallVector<const CUDAKernelCallExpr *, 2>>
      HostLaunches;
};

} // namespace

std::unique_ptr<Check> createPendingLaunchLimitCheck(StringRef Name,
                                                     CheckContext &Context) {
  return std::make_unique<PendingLaunchLimitCheck>(Name, Context);
}

} // namespace cdp
