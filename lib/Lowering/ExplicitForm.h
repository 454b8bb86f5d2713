//===- ExplicitForm.h - A launch as the device runtime's calls --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --emit=explicit on one launch: what ExplicitLaunch.h needs to spell it,
// read from the launch (the parameter types and their offsets per
// architecture family, the configuration operands written, the default
// arguments), and the edits that put the spelled pieces between the
// launch's operands.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_EXPLICITFORM_H
#define CDP_LOWER_LOWERING_EXPLICITFORM_H

#include "Lowering/ExplicitLaunch.h"
#include "Lowering/LaunchPlan.h"
#include "Lowering/LaunchTokens.h"
#include "Lowering/SourceEdits.h"

#include <optional>

namespace cdp {

class LaunchSite;

struct ExplicitRewrite {
  ExplicitLaunchInput Input;
  /// The commas between the written configuration operands.
  llvm::SmallVector<clang::SourceLocation, 3> ConfigCommas;
};

/// What the explicit form of this launch needs; nothing where it has no
/// explicit form (a layout only nvcc knows, a parameter type that cannot
/// be declared as written, operands a macro supplies together), which
/// then takes the runtime form.
std::optional<ExplicitRewrite> explicitRewrite(const LaunchSite &Site,
                                               const LaunchTokens &Tokens,
                                               const LoweringPlan &Plan);

/// Rewrites the launch's tokens into its explicit form.
void applyExplicitForm(const LaunchSite &Site, const LaunchTokens &Tokens,
                       const ExplicitRewrite &Rewrite, SourceEdits &Edits);

/// After a launch statement that the lowering made longer, `#line` numbers
/// the following lines as in the input (nvcc's messages then point at the
/// user's lines). Within a larger expression the numbers stay shifted.
void restoreLineNumbers(const LaunchSite &Site, const LaunchTokens &Tokens,
                        llvm::StringRef Indent, SourceEdits &Edits);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_EXPLICITFORM_H
