//===- MacroBodyLaunch.h - A launch written in a macro body -----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `#define LAUNCH(k, x) k<<<1, 1>>>(x)` is rewritten in its definition,
// once for all its uses, into the form every launch of a single kernel
// takes without the tool's offsets:
//
//   #define LAUNCH(k, x) cdp::DeviceLaunch(k, {1, 1}).args(x).launch()
//
// The runtime deduces the parameter types from `k` and lays them out;
// `.args` converts and stores the arguments whatever their number. Every
// use must be a device-side launch that can take this form: what decides
// that for one use, and the rewrite of the definition, are here
// (MacroLaunchUses checks that no other use exists).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_MACROBODYLAUNCH_H
#define CDP_LOWER_LOWERING_MACROBODYLAUNCH_H

#include "Lowering/LaunchLowering.h"

#include "clang/Basic/SourceLocation.h"

#include <optional>

namespace clang {
class CUDAKernelCallExpr;
class SourceManager;
} // namespace clang

namespace cdp {

/// Why a launch written in a macro body is not rewritten there; the order
/// of LoweringDiag::LaunchInMacroBody's %select.
enum class MacroBodyRefusal {
  DefinedElsewhere,
  TokensOutsideBody,
  AmbiguousKernel,
  DefaultArguments,
};

/// Why this use of a macro-body launch cannot take the runtime's form
/// (a kernel the use does not name alone, or default arguments it leaves
/// to the kernel); nothing when it can.
std::optional<MacroBodyRefusal>
macroBodyRefusal(const clang::CUDAKernelCallExpr &Launch);

/// Where \p Loc is written in the macro body it was expanded from: a token
/// that came in through a macro argument counts as the parameter's place in
/// the body.
clang::SourceLocation inMacroBody(const clang::SourceManager &SM,
                                  clang::SourceLocation Loc);

class LaunchSite;

/// Rewrites the macro definition that spells \p Site's launch (in this file,
/// or in a header State.EditsOf gives edits of) into the runtime's form,
/// once for all its uses; or reports why this use cannot take that form.
/// Returns true when the definition is rewritten (now or for an earlier
/// use).
bool lowerLaunchInMacroBody(LaunchSite &Site,
                            const LaunchLoweringOptions &Options,
                            SourceEdits &Edits, LaunchLoweringState &State);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_MACROBODYLAUNCH_H
