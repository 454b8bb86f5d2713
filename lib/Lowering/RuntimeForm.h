//===- RuntimeForm.h - A launch as a call of the runtime --------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The default form of a lowered launch (LaunchLowering.h shows it): the
// plan's prefix before the callee, `, {` for `<<<`, `})` and the first
// argument's opener for `>>>(`, one opener per comma, and the kernel's
// default arguments and `.launch()` at the closing parenthesis. A kernel
// with a long parameter list is named by a per-file alias (KernelAlias.h);
// under --runtime-checks the launch is a CheckedDeviceLaunch that names its
// site.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_RUNTIMEFORM_H
#define CDP_LOWER_LOWERING_RUNTIMEFORM_H

#include "Lowering/LaunchLowering.h"
#include "Lowering/LaunchPlan.h"
#include "Lowering/LaunchTokens.h"

#include <optional>
#include <string>

namespace cdp {

class LaunchSite;

/// Rewrites the launch's tokens into the runtime form of \p Plan. A launch
/// statement alone on its line that would pass 80 columns is broken before
/// each call of the chain and followed by `#line` (in a __host__ __device__
/// function, \p InHostDevice, the one after its branches).
void applyRuntimeForm(const LaunchSite &Site, const LaunchTokens &Tokens,
                      const LoweringPlan &Plan, bool InHostDevice,
                      SourceEdits &Edits);

/// `cdp_launch_child(` for a kernel whose type is long, declaring the alias
/// at its first launch in this file; nothing to keep the plan's prefix.
std::optional<std::string> aliasPrefix(const LaunchSite &Site,
                                       const clang::FunctionDecl &Kernel,
                                       const KernelPlan &Plan,
                                       const LaunchLoweringOptions &Options,
                                       LaunchLoweringState &State);

/// The opening of a launch whose kernel type each instantiation deduces:
/// `cdp::DeviceLaunch(` (C++17's deduction guide), or before C++17
/// `cdp::makeDeviceLaunch(`.
std::string deducedLaunchPrefix(const clang::LangOptions &LangOpts);

/// Turns the plan's `cdp::DeviceLaunch...(` (or `cdp::makeDeviceLaunch(`) into
/// `cdp::CheckedDeviceLaunch...(CDP_LAUNCH_SITE("file.cu", 12, "child"), `
/// for the launch written at \p Loc of kernel \p Kernel: on the GPU it tests
/// its pointer arguments and reports a launch the device runtime refuses.
/// The file is named without its directory, so the output does not depend
/// on where the tool ran.
void checkLaunch(const LaunchSite &Site, LoweringPlan &Plan,
                 clang::SourceLocation Loc, llvm::StringRef Kernel);

/// `CDP_LAUNCH_SITE("file.cu", 12, "child")` for the launch written at
/// \p Loc of kernel \p Kernel, the file named without its directory: what
/// a checked launch, lowered or aggregated, reports from.
std::string launchSiteMacro(const clang::SourceManager &SM,
                            clang::SourceLocation Loc, llvm::StringRef Kernel);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_RUNTIMEFORM_H
