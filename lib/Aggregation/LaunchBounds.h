//===- LaunchBounds.h - Bound the kernels the runtime adds to ---*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// An aggregated launch and a serial run (--threshold, --optimize) put the
// runtime's code where the launch was, and it adds to the registers of
// every kernel that runs it. A kernel that the program launches with
// 1,024-thread blocks may use at most 64 registers a thread: one that
// needs more fails to launch ("too many resources requested for launch"),
// and one launched from the device, or whose error goes unchecked, does
// nothing at all. So each kernel that runs such code, in its own body or
// in a function it calls, gets
//
//   __global__ void CDP_RUNTIME_LAUNCH_BOUNDS parent(...)
//
// (cdp/launch.cuh: `__launch_bounds__(1024)`, and nothing under nvcc -G,
// where nvlink would refuse the bound) unless it has launch bounds or a
// register cap of its own. A parent whose serial runs launch children
// that are run serially in turn used 68 registers and did not launch
// (test/gpu/serial_nested.cu, H200). The bound is not free: ptxas then
// schedules for 64 registers, and SSSP's parent ran 24% slower under it
// (docs/benchmarks.md).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LAUNCHBOUNDS_H
#define CDP_LOWER_AGGREGATION_LAUNCHBOUNDS_H

#include "Lowering/SourceEdits.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"

#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace cdp {

/// The bounds a kernel gets that runs the runtime's code and has none of
/// its own: the largest block, so that any launch as written still fits.
inline constexpr const char *RuntimeLaunchBounds = "CDP_RUNTIME_LAUNCH_BOUNDS";

/// The bounds, and a space, of a copy of \p Child that the lowering writes
/// as a kernel (`child_aggregated`, `child_coarsened`), which the child's
/// launches launch in its place with blocks of the same shape: the
/// child's own launch bounds or register cap, else RuntimeLaunchBounds.
std::string copyLaunchBounds(const clang::FunctionDecl &Child,
                             clang::ASTContext &Context);

/// The kernels defined in the translation unit of \p Context that run any
/// of \p Users (functions, or templates' patterns, where the runtime's
/// code was written): in their own body, or in a function they call, as
/// far as the calls name their callees.
llvm::SetVector<const clang::FunctionDecl *>
kernelsRunning(clang::ASTContext &Context,
               const llvm::SetVector<const clang::FunctionDecl *> &Users);

/// Writes RuntimeLaunchBounds before the name of each of \p Kernels that
/// has no launch bounds or register cap of its own and whose file
/// \p Edited says is written; returns those kernels.
llvm::SetVector<const clang::FunctionDecl *>
boundKernels(const llvm::SetVector<const clang::FunctionDecl *> &Kernels,
             clang::ASTContext &Context,
             llvm::function_ref<bool(clang::FileID)> Edited,
             llvm::function_ref<SourceEdits &(clang::FileID)> EditsOf);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHBOUNDS_H
