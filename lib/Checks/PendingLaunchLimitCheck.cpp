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
// Reported: a device-side launch that the threads of a kernel may make more
// times than the pool holds, by what the translation unit shows: a host
// launch of the kernel whose grid is not a constant of at most 2,048
// threads, or a launch in a loop; where the translation unit never names
// cudaLimitDevRuntimePendingLaunchCount. The launch is written in the
// kernel or in a device function (or lambda) that the kernel calls,
// directly or through others. Each thread of the grid counts once; each
// warp or block, where one lane of a warp or one thread of a block makes
// the launch or the call that leads to it.
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
#include "llvm/ADT/DenseSet.h"

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

/// Which threads of a grid make a launch (or a call), once each; the
/// later, the fewer.
enum class Launchers { EveryThread, OneLaneOfWarp, OneThreadOfBlock };

/// How a kernel's threads reach a launch: through which calls (the kernel's
/// own first), whether in a loop, and which of them.
struct LaunchPath {
  llvm::SmallVector<const CallExpr *, 4> Calls;
  /// The launch or a call on the way is in a loop.
  const Stmt *Loop = nullptr;
  Launchers Who = Launchers::EveryThread;
};

class PendingLaunchLimitCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &Finder) override {
    Finder.addMatcher(cudaKernelCallExpr().bind("launch"), this);
    // Calls by which a kernel may reach a launch in another function.
    Finder.addMatcher(
        callExpr(unless(cudaKernelCallExpr()), callee(functionDecl()))
            .bind("call"),
        this);
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
    if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call")) {
      const CodeSite *Site = siteToCheck(*Call);
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (Site && Site->Function && Site->Side == LaunchSide::Device && Callee)
        CallsOf[patternOf(*Callee)].push_back({Call, Site->Function});
      return;
    }
    const auto *Launch = Result.Nodes.getNodeAs<CUDAKernelCallExpr>("launch");
    const CodeSite *Site = siteToCheck(*Launch);
    const FunctionDecl *Kernel = Launch->getDirectCallee();
    if (!Site || !Site->Function || !Kernel)
      return;
    if (Site->Side == LaunchSide::Host)
      HostLaunches[patternOf(*Kernel)].push_back(Launch);
    else if (Site->Side == LaunchSide::Device)
      DeviceLaunches.push_back({Launch, Site->Function});
  }

  void checkTranslationUnit() override {
    if (LimitNamed)
      return;
    for (const DeviceLaunch &Launch : DeviceLaunches) {
      LaunchPath Path;
      step(Path, *Launch.Launch, *Launch.WrittenIn);
      llvm::DenseSet<const FunctionDecl *> Seen;
      reportThroughCallers(*Launch.Launch, *Launch.WrittenIn, Path, Seen);
    }
  }

private:
  struct DeviceLaunch {
    const CUDAKernelCallExpr *Launch;
    /// The function (or lambda call operator) it is written in.
    const FunctionDecl *WrittenIn;
  };
  struct Call {
    const CallExpr *Expr;
    const FunctionDecl *Caller;
  };

  /// Adds to \p Path what \p S, a launch or a call written in \p Function,
  /// says of it: in a loop, or made by one thread of a block or of a warp
  /// (`if (threadIdx.x == 0)`, `if (lane == 0)` and the like, as
  /// aggregation reads them, Aggregation/LaunchingThreads).
  void step(LaunchPath &Path, const Stmt &S, const FunctionDecl &Function) {
    ASTContext &AST = Context.ast();
    if (!Path.Loop &&
        EnclosingStatements::of(*Function.getBody(), AST).inLoop(S))
      Path.Loop = &S;
    if (Path.Who == Launchers::OneThreadOfBlock)
      return;
    if (!oneThreadRegion(S, Function, AST, ThreadScope::Block).empty())
      Path.Who = Launchers::OneThreadOfBlock;
    else if (Path.Who == Launchers::EveryThread &&
             !oneThreadRegion(S, Function, AST, ThreadScope::Warp).empty())
      Path.Who = Launchers::OneLaneOfWarp;
  }

  /// Reports \p Launch if a kernel that reaches \p Function by \p Path
  /// (through callers, each followed once: \p Seen) may make it too many
  /// times; whether it did.
  bool reportThroughCallers(const CUDAKernelCallExpr &Launch,
                            const FunctionDecl &Function,
                            const LaunchPath &Path,
                            llvm::DenseSet<const FunctionDecl *> &Seen) {
    const FunctionDecl *Pattern = patternOf(Function);
    if (!Seen.insert(Pattern).second)
      return false; // Recursion makes no launch the first call does not.
    if (Function.hasAttr<CUDAGlobalAttr>()) {
      auto Host = HostLaunches.find(Pattern);
      return Host != HostLaunches.end() &&
             reportIfTooMany(Launch, Function, Path, Host->second);
    }
    auto Calls = CallsOf.find(Pattern);
    if (Calls == CallsOf.end())
      return false;
    for (const Call &C : Calls->second) {
      LaunchPath Longer = Path;
      Longer.Calls.insert(Longer.Calls.begin(), C.Expr);
      step(Longer, *C.Expr, *C.Caller);
      if (reportThroughCallers(Launch, *C.Caller, Longer, Seen))
        return true; // One kernel says it.
    }
    return false;
  }

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

  /// Reports \p Launch if \p Kernel's threads, reaching it by \p Path, may
  /// make it more times than the pool holds in a grid of \p HostLaunches;
  /// whether it did.
  bool
  reportIfTooMany(const CUDAKernelCallExpr &Launch, const FunctionDecl &Kernel,
                  const LaunchPath &Path,
                  llvm::ArrayRef<const CUDAKernelCallExpr *> HostLaunches) {
    // In a loop, each thread counts, however many there are.
    const Launchers Who = Path.Loop ? Launchers::EveryThread : Path.Who;
    for (const CUDAKernelCallExpr *HostLaunch : HostLaunches) {
      std::optional<uint64_t> Launches = launchesOf(*HostLaunch, Who);
      if (!Path.Loop && Launches && *Launches <= DefaultPendingLaunches)
        continue;
      diag(Launch.getBeginLoc(),
           "this launch of %0 may be made more times than the device "
           "runtime's pending-launch pool holds (2,048 launches unless the "
           "host raises cudaLimitDevRuntimePendingLaunchCount, which this "
           "translation unit never does); launches past it fail with "
           "cudaErrorLaunchPendingCountExceeded, and their grids never run")
          << quotedKernelName(Launch.getDirectCallee())
          << Launch.getConfig()->getSourceRange();
      for (const CallExpr *Call : llvm::reverse(Path.Calls)) {
        const auto *Method = dyn_cast<CXXMethodDecl>(Call->getDirectCallee());
        const bool OfLambda = Method && Method->getParent()->isLambda();
        // As a Stmt: CallExpr's own begin is an operator call's operator.
        const Stmt &Written = *Call;
        note(Written.getBeginLoc(),
             "the launch is made through this call of %select{%1|a lambda}0")
            << OfLambda << Call->getDirectCallee() << Written.getSourceRange();
      }
      if (Path.Loop)
        note(Path.Loop->getBeginLoc(),
             "each thread may make %select{it|this call}0 many times, in a "
             "loop")
            << (Path.Loop != &Launch);
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
      return true; // One host launch says it.
    }
    return false;
  }

  bool LimitNamed = false;
  std::vector<DeviceLaunch> DeviceLaunches;
  /// The device-side calls of each function (its pattern).
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<Call, 2>> CallsOf;
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
