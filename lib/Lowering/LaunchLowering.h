//===- LaunchLowering.h - Rewrite one device-side <<<>>> --------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Rewrites `k<<<grid, block, shmem, stream>>>(a, b)` in place into
//
//   cdp::DeviceLaunch<void(A, B)>(k, {grid, block, shmem, stream})
//       .arg<0>(a).arg<8>(b).launch()
//
// (see runtime/include/cdp/launch.cuh). Only the tokens around the operands
// change: `<<<`, `>>>(`, the commas between arguments and the closing `)`.
// The operands keep their text, comments and macros, so launches nested in
// arguments (in a lambda, say) are rewritten independently.
//
// When the kernel's parameter types depend on a template parameter, the
// offsets are left to the runtime: `cdp::DeviceLaunch(k<T>, {...}).arg(a)`,
// with the kernel's template arguments written out where the launch left
// them to deduction (KernelDeduction.h), and `.args(values...)` for a pack
// expansion.
//
// With run-time checks, the launch is a `cdp::CheckedDeviceLaunch` whose
// first argument is `CDP_LAUNCH_SITE("f.cu", 12, "k")`: the runtime then
// tests where each pointer argument points and skips, without taking a
// parameter buffer, a launch that would hand a child local or shared memory,
// and reports a launch that the device runtime refuses.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_LAUNCHLOWERING_H
#define CDP_LOWER_LOWERING_LAUNCHLOWERING_H

#include "Lowering/KernelDeduction.h"
#include "Lowering/SourceEdits.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>

namespace clang {
class ASTContext;
class SourceManager;
class CUDAKernelCallExpr;
class DeclContext;
class FunctionDecl;
class ParmVarDecl;
} // namespace clang

namespace cdp {

/// What the lowering of a kernel's launches shares when its parameter
/// types are known: `cdp::DeviceLaunch<void(int *, char)>(` and the
/// `.arg<Offset>(` of each parameter.
struct KernelPlan {
  /// `cdp::DeviceLaunch<void(int *, char)>`.
  std::string Type;
  std::string Prefix;
  llvm::SmallVector<std::string, 8> ArgOpeners;
  /// The parameter list is long enough to name the type by an alias.
  bool Long = false;
  /// The first parameter whose type cannot be written; null when none
  /// (then the plan is only the layout, each launch planned with the
  /// kernel last or refused).
  const clang::ParmVarDecl *Unwritable = nullptr;
};

/// What lowering one launch leaves for the next ones of the file.
struct LaunchLoweringState {
  /// The `<<<` tokens already rewritten: a launch spelled once in a macro
  /// argument that the macro expands twice is rewritten once.
  llvm::DenseSet<clang::SourceLocation> Rewritten;
  /// Each kernel's plan, made at its first launch that lowered: a file
  /// launches few kernels, often many times, and laying out and spelling
  /// the parameters was a sixth of the lowering's time.
  llvm::DenseMap<const clang::FunctionDecl *, KernelPlan> Plans;
  /// The instantiations of every launch, found at the first launch in a
  /// template that needs them (instancesOf).
  std::optional<InstantiatedLaunches> Instances;

  /// The instantiations in the file of \p Launch, a launch written in a
  /// template: they check a deduction, tell an overload, and say which
  /// kernel a transform copies. Found for the whole file at the first call.
  llvm::ArrayRef<const clang::CUDAKernelCallExpr *>
  instancesOf(const clang::CUDAKernelCallExpr &Launch,
              clang::ASTContext &Context);
  /// Each `<<<` written in a macro definition and rewritten there, with the
  /// uses of the macro (their expansion sites) that are launches it lowers:
  /// any other use of the macro would expand to the lowered form too.
  llvm::DenseMap<clang::SourceLocation, llvm::DenseSet<clang::SourceLocation>>
      MacroLaunchUses;
  /// The edits of a file the lowering may change besides the launch's own
  /// (a selected header that defines a launch macro); null for one it
  /// must not.
  std::function<SourceEdits *(clang::FileID)> EditsOf;
  /// The files with a launch in the runtime form: they include the runtime.
  llvm::DenseSet<clang::FileID> UseRuntime;
  /// A kernel with a long parameter list is named once per file and
  /// namespace by an alias (`using cdp_launch_child =
  /// cdp::DeviceLaunch<void(...)>;`), so that its launches stay short: each
  /// kernel's alias (by its first declaration) in each file and namespace
  /// (KernelAlias.h's aliasScope), ...
  std::map<std::tuple<const clang::FunctionDecl *, clang::FileID,
                      const clang::DeclContext *>,
           std::string>
      Aliases;
  /// ... the declarations to insert, by place (the start of the line of the
  /// namespace-scope declaration that holds the kernel's first launch), ...
  llvm::MapVector<clang::SourceLocation, llvm::SmallVector<std::string, 2>>
      AliasDeclarations;
  /// ... and the names taken.
  llvm::StringSet<> AliasNames;
};

/// Inserts the alias declarations that lowering the launches of a file
/// made, each group followed by `#line`, which keeps the numbering of the
/// lines after it.
void insertAliasDeclarations(
    const LaunchLoweringState &State, const clang::SourceManager &SM,
    llvm::function_ref<SourceEdits &(clang::FileID)> EditsOf);

/// How a lowered launch is written.
enum class LaunchForm {
  /// `cdp::DeviceLaunch<...>(k, {...}).arg<0>(a).launch()` (the runtime).
  Runtime,
  /// The device runtime's own calls in a lambda (ExplicitLaunch.h), where
  /// the tool knows the kernel's parameters; the runtime form elsewhere.
  Explicit,
  /// Explicit where no transform runs in the file, else the runtime form,
  /// without a word (LowerLaunchesAction resolves it).
  ExplicitUnlessTransformed,
};

struct LaunchLoweringOptions {
  LaunchForm Form = LaunchForm::Runtime;
  /// The form in a device-debug build (nvcc -G, which defines
  /// __CUDACC_DEBUG__). Unless --emit chose, the explicit form: -G compiles
  /// the runtime form's chain of calls as written, and a launch cost 4.4x
  /// nvcc's (the explicit form's 1.2x; H200).
  LaunchForm DeviceDebugForm = LaunchForm::ExplicitUnlessTransformed;
  /// Name a kernel whose parameter list is longer than this once per file
  /// (KernelPlan aliases); 0: never.
  unsigned AliasAbove = 24;
  /// Test each pointer argument's memory space on the GPU before launching,
  /// and report a launch the device runtime refuses (--runtime-checks):
  /// `cdp::CheckedDeviceLaunch(CDP_LAUNCH_SITE(...), `.
  bool RuntimeChecks = false;
  /// The tag that the runtime form opens the launch with where its thread
  /// is alone in its warp, and it then takes no runtime turn in a
  /// one-dimensional block (SoleRuntimeCall.h): `cdp::oneThreadOfBlock`
  /// or `cdp::oneLaneOfWarp`; empty for none.
  llvm::StringRef AloneInWarpTag;
};

/// Rewrites \p Launch through \p Edits, or reports through the context's
/// diagnostics engine why it cannot and leaves the text alone. Returns true
/// when the launch was rewritten (now or at an earlier expansion). In a
/// `__host__ __device__` function (\p InHostDevice) the lowered launch is
/// the `#ifdef __CUDA_ARCH__` branch, and the original the host's.
bool lowerLaunch(const clang::CUDAKernelCallExpr &Launch,
                 const clang::FunctionDecl &Enclosing,
                 clang::ASTContext &Context,
                 const LaunchLoweringOptions &Options, bool InHostDevice,
                 SourceEdits &Edits, LaunchLoweringState &State);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_LAUNCHLOWERING_H
