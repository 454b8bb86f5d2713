//===- UnboundedCopies.h - A kernel's copy without its bounds --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A kernel that runs the runtime's code gets `__launch_bounds__(1024)`
// (LaunchBounds.h), so that a launch as written still fits however many
// registers the serial runs and the bookkeeping add. ptxas then takes the
// 64 registers a thread that bound allows as its target, where without it
// it may have used far fewer: SSSP's parent, launched with 1,024-thread
// blocks, used 32 registers without the bound (two blocks an SM) and 55
// with it, and took 33.1 ms a run at 6M vertices against 22.9 (H200).
//
// So the kernel is also written a second time without the bound,
// `k_unbounded`, and each launch of it from host code after its
// definition launches
//
//   cdp::unboundedIfLaunchable<k, k_unbounded>()<<<grid, block>>>(args);
//
// which asks the CUDA runtime, on the host, whether the copy can run every
// block the bounded kernel can (its registers decide), and launches the
// bounded kernel where it cannot. Every other launch (device-side, from
// another file, through a pointer) launches the bounded kernel, which fits.
//
// Only a kernel whose name is used for nothing but launches gets a copy: a
// host call that sets an attribute of `k` or asks for its occupancy would
// not apply to the copy. A template, a member, a definition out of its
// namespace, a kernel with static local variables (the copy would have
// its own) or with no host launch after its definition keeps the bound
// alone.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_UNBOUNDEDCOPIES_H
#define CDP_LOWER_AGGREGATION_UNBOUNDEDCOPIES_H

#include "Lowering/SourceEdits.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace cdp {

/// Writes the unbounded copy of each of \p Bounded (the kernels that
/// boundKernels gave RuntimeLaunchBounds) that may have one, after its
/// definition, and makes its host launches choose (see above). \p Edited
/// says which files are written. Call it after every other edit inside
/// the kernels' bodies: the copy takes the body as lowered. False after
/// reporting an edit that straddles a body's ends.
bool writeUnboundedCopies(
    const llvm::SetVector<const clang::FunctionDecl *> &Bounded,
    clang::ASTContext &Context, llvm::function_ref<bool(clang::FileID)> Edited,
    llvm::function_ref<SourceEdits &(clang::FileID)> EditsOf);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_UNBOUNDEDCOPIES_H
