//===- RuntimeNames.h - The runtime's names the tool writes ---*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The contract between the tool and runtime/include/cdp: every name the
// generated code uses from the runtime, and every name of the runtime the
// tool reads in user code (the PDL and aggregation markers), spelled once
// here (as C++ Insights keeps its output's spellings in one place). A
// rename in the runtime is a rename here.
//
// Names the generated code declares itself (a kernel's `_aggregated` copy,
// the `cdp_grid` locals of the explicit form) belong to the code that
// writes them; they start with `cdp_` or end in a suffix of the user's
// name, never with `__`, which is reserved to the implementation.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_RUNTIMENAMES_H
#define CDP_LOWER_CUDAAST_RUNTIMENAMES_H

#include "llvm/ADT/StringRef.h"

namespace cdp::runtime {

/// The headers a lowered file includes (`-I` the runtime's include dir).
constexpr llvm::StringLiteral LaunchHeader = "cdp/launch.cuh";
constexpr llvm::StringLiteral AggregationHeader = "cdp/aggregate.cuh";
/// Where --instrument counts launches (it includes cdp/launch.cuh).
constexpr llvm::StringLiteral ProfileHeader = "cdp/profile.cuh";

/// cdp/launch.cuh: one launch (`DeviceLaunch<void(int *)>(k, {...})`),
/// the same under --runtime-checks, and the site those checks report.
constexpr llvm::StringLiteral DeviceLaunch = "cdp::DeviceLaunch";
constexpr llvm::StringLiteral CheckedDeviceLaunch = "cdp::CheckedDeviceLaunch";
/// The tags that open a launch its thread makes alone in its warp, one
/// thread of its block (`DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock,
/// k, {...})`) or one lane of each warp.
constexpr llvm::StringLiteral OneThreadOfBlock = "cdp::oneThreadOfBlock";
constexpr llvm::StringLiteral OneLaneOfWarp = "cdp::oneLaneOfWarp";
/// Before C++17, which has no deduction guides, a launch whose kernel type
/// each instantiation deduces calls these (`makeDeviceLaunch(k<T>, {...})`)
/// where C++17 writes `DeviceLaunch(k<T>, {...})`.
constexpr llvm::StringLiteral MakeDeviceLaunch = "cdp::makeDeviceLaunch";
/// A launch of a kernel whose parameter types cannot all be written (a
/// kernel template called with a lambda), the kernel named last:
/// `deducedLaunch({...}).arg<int *>(p).arg(f).launch(k)`.
constexpr llvm::StringLiteral DeducedLaunch = "cdp::deducedLaunch";
constexpr llvm::StringLiteral MakeCheckedDeviceLaunch =
    "cdp::makeCheckedDeviceLaunch";
constexpr llvm::StringLiteral LaunchSiteMacro = "CDP_LAUNCH_SITE";
/// The prefix of a kernel's launch alias (`using cdp_launch_k = ...`).
constexpr llvm::StringLiteral KernelAliasPrefix = "cdp_launch_";

/// A child's reference parameter passed on by its address through a
/// serial run's or a coarsened block's runtime (cdp::Address).
constexpr llvm::StringLiteral ByAddress = "cdp::byAddress";

/// --threshold's serial runs (cdp/launch.cuh, namespace cdp::serial).
constexpr llvm::StringLiteral SerialFewerThreads = "cdp::serial::fewerThreads";
constexpr llvm::StringLiteral SerialByWarp = "cdp::serial::byWarp";
/// A serial run of a child whose guard returns from the threads at or past
/// an x index: only the threads below it (IndexGuard.h).
constexpr llvm::StringLiteral SerialByWarpFirst = "cdp::serial::byWarpFirst";
/// Runs the threads of a child with barriers phase by phase.
constexpr llvm::StringLiteral SerialByWarpInPhases =
    "cdp::serial::byWarpInPhases";
/// The phases of such a run that only threads of x index 0 take part in.
constexpr llvm::StringLiteral SerialPhasesAtXZero =
    "cdp::serial::phasesAtXZero";
constexpr llvm::StringLiteral SerialThreadsBelowX =
    "cdp::serial::threadsBelowX";
/// The arguments of a serial run that every lane passes the same.
constexpr llvm::StringLiteral SerialSameArguments =
    "cdp::serial::sameArguments";
/// A serial run held from the launch to the end of the launching thread
/// (SerialRunAtEnd.h).
constexpr llvm::StringLiteral SerialLater = "cdp::serial::Later";
/// --coarsen's launches and blocks (cdp/launch.cuh, namespace cdp::coarse).
constexpr llvm::StringLiteral CoarseLaunch = "cdp::coarse::launch";
constexpr llvm::StringLiteral CoarseBlocks = "cdp::coarse::blocks";

/// cdp/aggregate.cuh: the aggregated launch of a warp, and the namespace
/// of the block and grid scopes and the batches.
constexpr llvm::StringLiteral AggregatedNamespace = "cdp::aggregated::";
constexpr llvm::StringLiteral AggregateByWarp = "cdp::aggregated::byWarp";

/// Markers read in user code: the PDL attributes of cdp/pdl.cuh.
constexpr llvm::StringLiteral PdlStreamSerialization =
    "cdp::pdl::streamSerialization";
constexpr llvm::StringLiteral PdlProgrammaticEvent =
    "cdp::pdl::programmaticEvent";

} // namespace cdp::runtime

#endif // CDP_LOWER_CUDAAST_RUNTIMENAMES_H
