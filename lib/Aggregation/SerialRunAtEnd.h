//===- SerialRunAtEnd.h - Serial runs at the thread's end -------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --optimize, where a kernel decides between launching a child and doing
// the work in the thread itself, the way CDP code hand-picks what is worth
// a grid:
//
//   if (length > kLongRow) {
//     longRow<<<(length + 127) / 128, 128, 0, cudaStreamFireAndForget>>>(...);
//     return;
//   }
//   for (int k = 0; k < length; ++k) ...
//
// A serial run at the launch (--threshold) gets only the lanes that took
// the branch that launches, the few whose rows are long; the others run
// their loop apart. So the serial run waits for the launching thread to
// leave the kernel's body, where the whole warp shares it: the body runs
// as a lambda, whose returns all come back to the runtime's run
// (cdp::serial::Later, cdp/detail/serial-later.cuh). SpMV's serial runs at
// 10M rows took 8.5 ms there, 10.2 at the launch (H200).
//
// A child grid that a serial run may take (fire and forget, or declared
// unordered: LaunchThreshold.h) may run at any time until the parent grid
// ends, so the end of the launching thread is one of the schedules the
// program allowed already. Taken only where, besides:
// - the launch is the only one of the kernel (not a __device__ function,
//   a lambda or a template's pattern) and stays unaggregated above the
//   threshold: no other rewrite of the body to stand in the way;
// - nothing repeats it in a thread: no loop around it, no goto or label in
//   the body; a thread holds one grid;
// - it is in a branch of an if statement whose other way goes on to work
//   of its own: an else branch, or statements after the if where the
//   launch's branch returns;
// - the body's braces and the child's parameter types can be written.
// Elsewhere the serial run stays at the launch: where nearly every lane
// launches (BFS, SSSP, Bezier), a run at the end gains no lanes and loses
// what the launch's arguments shared (cdp::serial::sameArguments).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_SERIALRUNATEND_H
#define CDP_LOWER_AGGREGATION_SERIALRUNATEND_H

#include "Lowering/SourceEdits.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace cdp {

/// The holder of a serial run that waits for the thread's end, as the
/// launch's branch calls it (`cdp_later.hold`).
inline constexpr const char *LaterRunHolder = "cdp_later";

/// The template arguments of the holder (`cdp::serial::Later`) of
/// \p Launch's serial run, when it may wait for the end of the launching
/// thread in \p Enclosing and gains there (above); nothing otherwise: the
/// child's signature (`void(const int *, int)`), and `unsigned, unsigned`
/// where the launch writes its grid and block as numbers (\p
/// WritesNumbers), so that the run knows its grids are one-dimensional.
std::optional<std::string>
serialRunAtEndHolderArguments(const clang::CUDAKernelCallExpr &Launch,
                              const clang::FunctionDecl &Enclosing,
                              bool WritesNumbers, clang::ASTContext &Context);

/// Writes the holder of \p Launch's serial run at the top of \p Kernel's
/// body, the body into a lambda, and the run after it, through
/// \p SerialCallee (`<child>_serial<0>`); \p HolderArguments from
/// serialRunAtEndHolderArguments.
void runSerialAtEnd(const clang::CUDAKernelCallExpr &Launch,
                    const clang::FunctionDecl &Kernel,
                    const std::string &HolderArguments,
                    const std::string &SerialCallee, clang::ASTContext &Context,
                    SourceEdits &Edits);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_SERIALRUNATEND_H
