//===- LaunchChoice.cpp - What --optimize does at one launch --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchChoice.h"
#include "Aggregation/ChildGridUses.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"

using namespace clang;

namespace cdp {

namespace {

/// Whether a thread of \p Child runs a loop, in its body or a function it
/// calls; false when its body is not seen.
bool threadsLoop(const FunctionDecl *Child) {
  const FunctionDecl *Definition = Child ? Child->getDefinition() : nullptr;
  return Definition && findChildGridUses(*Definition).Loop;
}

} // namespace

LaunchChoice chooseTransforms(const FunctionDecl *Child,
                              const FunctionDecl &Enclosing,
                              const ThresholdOptions &Threshold,
                              const AggregationOptions &Aggregate,
                              bool Optimize) {
  LaunchChoice Choice{Threshold, Aggregate};
  if (!Optimize)
    return Choice;
  if (!Choice.Threshold.Threads) {
    Choice.LoopingChild = threadsLoop(Child);
    Choice.Threshold.Threads =
        Choice.LoopingChild ? OptimizeLoopingThreshold : OptimizeThreshold;
    Choice.Threshold.Quiet = true;
  }
  if (Choice.Aggregate.Granularity == AggregationGranularity::None) {
    Choice.Aggregate.Granularity = Enclosing.hasAttr<CUDAGlobalAttr>()
                                       ? AggregationGranularity::Block
                                       : AggregationGranularity::Warp;
    Choice.Aggregate.Quiet = true;
  }
  return Choice;
}

} // namespace cdp
