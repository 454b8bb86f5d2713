//===- LaunchRefusal.h - Why a transform leaves a launch alone --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Aggregation and --threshold refuse a launch the same way: one diagnostic
// at the launch that says why (each transform its own), and, where the
// obstacle is elsewhere (a helper that reads blockIdx, a __shared__
// variable), a note there.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LAUNCHREFUSAL_H
#define CDP_LOWER_AGGREGATION_LAUNCHREFUSAL_H

#include "Lowering/LoweringDiagnostics.h"

#include "clang/AST/ASTContext.h"

#include <string>

namespace cdp {

/// The base of a transform's eligibility check.
class LaunchRefusal {
protected:
  explicit LaunchRefusal(clang::ASTContext &Context) : Context(Context) {}
  virtual ~LaunchRefusal() = default;

  /// Reports that the launch is left as it is, because \p Why; false.
  virtual bool decline(const std::string &Why) = 0;

  /// The same, with \p Note at \p At, where the obstacle is.
  bool declineWithNote(const std::string &Why, clang::SourceLocation At,
                       const std::string &Note) {
    decline(Why);
    report(Context.getDiagnostics(), At, LoweringDiag::AggregationObstacle)
        << Note;
    return false;
  }

  clang::ASTContext &Context;
};

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHREFUSAL_H
