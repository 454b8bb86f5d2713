//===- AggregatedKernel.h - Write the aggregated kernels --------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For each kernel whose launches were aggregated (LaunchAggregation.h),
// writes after its definition
//
//   __global__ void child_aggregated(cdp::aggregated::Batch<int *, int>
//                                    cdp_batch) {
//     const auto cdp_launch = cdp_batch.block();
//     if (cdp_launch.Idle)
//       return;
//     const uint3 blockIdx = cdp_launch.BlockIdx;
//     int *out = cdp_launch.arg<0>();
//     int n = cdp_launch.arg<1>();
//     ... the body of child, its own launches lowered ...
//
// The locals shadow the built-in variables and stand for the parameters,
// so the body is copied unchanged; `#line` keeps nvcc's messages about it
// on the original's lines. A kernel with barriers gets a SyncedBatch (no
// idle threads). Each kernel that aggregates launches by block gets its
// BlockScope as its first statement.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_AGGREGATEDKERNEL_H
#define CDP_LOWER_AGGREGATION_AGGREGATEDKERNEL_H

#include "Aggregation/LaunchAggregation.h"

namespace cdp {

/// Writes the block scopes, then the aggregated kernels (whose bodies are
/// copied with every other edit made). False after an error.
bool writeAggregatedKernels(
    const AggregationState &State, clang::ASTContext &Context,
    llvm::function_ref<SourceEdits &(clang::FileID)> EditsOf);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_AGGREGATEDKERNEL_H
