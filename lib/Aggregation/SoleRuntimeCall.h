//===- SoleRuntimeCall.h - A launch no other runtime call meets -*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A lowered launch takes its warp's runtime turn (cdp/launch.cuh): two
// groups of one split warp inside the device runtime at once can hang it.
// The turn costs four atomics on one address per call into the runtime,
// and most CDP parents launch from one thread of each block:
//
//   __global__ void findPivot(...) {
//     ...
//     if (blockIdx.x == 0 && threadIdx.x == 0)
//       swapRows<<<b, t, 0, cudaStreamTailLaunch>>>(...);
//   }
//
// 9Bruno9's GF(2) solver, a chain of such tail launches, took 3-10% longer
// lowered than nvcc's build with the turn, 0-3.5% without it (H200). Where
// only one thread of a block runs the branch that launches, and the kernel
// calls the device runtime nowhere else, no other lane of the launching
// warp can be inside the runtime with it, in a one-dimensional block (the
// runtime tests the block's shape). In that branch the thread may call the
// runtime as it likes: launch twice, read the launch's error (BSMR-SDDMM's
// clustering block does). Such a launch is written with
// `cdp::oneThreadOfBlock` and takes no turn. So is one made by one lane of
// each warp (`if (lane_id == 0)`), written with `cdp::oneLaneOfWarp`.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_SOLERUNTIMECALL_H
#define CDP_LOWER_AGGREGATION_SOLERUNTIMECALL_H

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace cdp {

/// Whom a launch's thread is known to be alone with in its warp.
enum class AloneInWarp {
  /// Other lanes of its warp may be inside the device runtime with it.
  No,
  /// It runs alone in its block (`if (threadIdx.x == 0)`).
  OneThreadOfBlock,
  /// It is one lane of each warp of a one-dimensional block (`if (lane_id
  /// == 0)`, NVIDIA's advanced quicksort sample).
  OneLaneOfWarp,
};

/// Whether \p Launch is made by one thread of its block alone in its warp:
/// \p Enclosing is a kernel, in which \p Launch is in a branch that only
/// one thread of a block (of a warp) runs, or after the early return of
/// the others (oneThreadRegion), where no jump lands, and the kernel makes
/// no call into the device runtime outside those statements, in its body
/// or in any function it calls. A call of a function the tool cannot see
/// into counts as one: through a pointer, a virtual one, and one defined
/// in no file this parse reads, but for the C library's and the
/// intrinsics'. Of system headers, the runtime's API counts; std's and
/// cuda::std's functions do not; cooperative groups' and the global
/// namespace's are read as the program's own code; any other namespace's
/// counts unread (thrust's and cub's device-side algorithms launch). In a
/// template as written, an expression of a type that depends on its
/// parameters counts as one outside the branch, but for naming a value and
/// built-in operators on no class: an instance may call an operator there.
AloneInWarp launchesAloneInWarp(const clang::CUDAKernelCallExpr &Launch,
                                const clang::FunctionDecl &Enclosing,
                                clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_SOLERUNTIMECALL_H
