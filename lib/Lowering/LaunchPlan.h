//===- LaunchPlan.h - What a lowered launch says ----------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The plan of one lowered launch, before any text is edited: how it names
// the kernel (`cdp::DeviceLaunch<void(int *, char)>(` when the tool knows
// the parameter types, `cdp::DeviceLaunch(` with the template arguments
// written out when each instantiation has its own), the offset of each
// parameter (`.arg<8>(`) or none (`.arg(`: the runtime lays out what only
// it can), and the default arguments the launch leaves to the kernel. The
// rules nvcc applies to a device-side launch's parameters (the 4 KB buffer,
// trivially copyable arguments) and a layout no rule gives are refused here,
// with the reason.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_LAUNCHPLAN_H
#define CDP_LOWER_LOWERING_LAUNCHPLAN_H

#include "Lowering/LaunchLowering.h"

#include "clang/AST/Type.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace cdp {

class LaunchSite;

/// What the rewritten launch says about the kernel and its arguments.
struct LoweringPlan {
  /// `cdp::DeviceLaunch<void(int *, char)>(` or `cdp::DeviceLaunch(`.
  std::string Prefix;
  /// `.arg<8>(` per parameter; `.arg(` when the runtime computes offsets.
  llvm::SmallVector<std::string, 8> ArgOpeners;
  /// Source text of the kernel's default arguments that the launch omits.
  llvm::SmallVector<std::string, 2> DefaultArgTexts;
  /// The callee with its deduced template arguments written out
  /// (`child<T>` for `child`); empty to keep the callee as written.
  std::string Callee;
  /// The kernel's type cannot be written: the prefix opens the launch with
  /// its configuration alone, and the callee moves to the end,
  /// `.launch(k)` (cdp::deducedLaunch).
  bool KernelLast = false;
};

/// The plan of a launch whose parameter types are known: the tool lays
/// them out. Nothing when they are dependent, or, after reporting (then
/// \p Site has failed), when the launch's parameters are refused.
/// Where \p KernelLast, a kernel whose parameter types cannot all be
/// written is planned with the kernel last (LoweringPlan::KernelLast),
/// else refused.
std::optional<LoweringPlan>
planStaticLaunch(LaunchSite &Site, const LaunchLoweringOptions &Options,
                 LaunchLoweringState &State, bool KernelLast = false);

/// The plan of a launch whose parameter types depend on a template
/// parameter: the runtime lays them out in each instantiation. Nothing,
/// after reporting, when the kernel cannot be named or a layout no rule
/// gives shows in an instantiation.
/// Where \p KernelLast, a kernel template deduced from arguments whose
/// types have no spelling (lambdas) is planned with the kernel last where
/// every instance allows it.
std::optional<LoweringPlan> planDependentLaunch(LaunchSite &Site,
                                                LaunchLoweringState &State,
                                                bool KernelLast = false);

/// The kernel's parameter types, where they are not dependent: from the
/// kernel, or from the type of the pointer it is launched through.
std::optional<llvm::SmallVector<clang::QualType, 8>>
staticParameterTypes(const LaunchSite &Site);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_LAUNCHPLAN_H
