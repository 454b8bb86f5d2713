//===- LaunchedBlocks.h - The blocks each kernel is launched in -*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Some CDP parents run in blocks of fewer than 32 threads: ProteinSimGPU's
// force_calculation, launched <<<1, 1>>> from the host and the device,
// launches six children from its one thread. Its launching warp has one
// lane, where --optimize's threshold assumes 32 to share a serial run:
// at 4,096 threads, the 1,120 threads of its children ran in that one
// lane, and the program took 6.7 times as long as nvcc's build (H200).
// What a translation unit's launches say of each kernel's blocks tells
// --optimize how many lanes its launching warps have, and what they say of
// its grids, whether it is a parent of one warp in all: there, nothing
// hides the latency of a serial run's loads, and the launches are too few
// for their rate to matter. Run in force_calculation's one lane at 128
// threads, its children still took the program to twice nvcc's time.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LAUNCHEDBLOCKS_H
#define CDP_LOWER_AGGREGATION_LAUNCHEDBLOCKS_H

#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <optional>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class Expr;
class FunctionDecl;
} // namespace clang

namespace cdp {

/// The count of blocks or threads a configuration operand names, when it
/// is a constant: a number (`64`, `NESTED_BLOCK_SIZE`) or dim3 of numbers.
std::optional<std::uint64_t> constantExtent(const clang::Expr &Operand,
                                            const clang::ASTContext &Context);

/// The threads of \p Launch's block, when it is a constant.
std::optional<std::uint64_t>
constantBlockThreads(const clang::CUDAKernelCallExpr &Launch,
                     const clang::ASTContext &Context);

/// The threads of \p Launch's grid, when its grid and block are constants.
std::optional<std::uint64_t>
constantThreads(const clang::CUDAKernelCallExpr &Launch,
                const clang::ASTContext &Context);

/// The block sizes every kernel of a translation unit is launched with.
class LaunchedBlocks {
public:
  explicit LaunchedBlocks(clang::ASTContext &Context);

  /// The lanes of the warps that run \p Kernel: its largest block, up to
  /// 32, when every launch of it in the translation unit (host or device)
  /// writes a constant block and its name is used for nothing else (a
  /// pointer to it may be launched with any block). Null otherwise. For a
  /// kernel template (its pattern, which the transforms rewrite once for
  /// all its instances), the largest over every instance's launches.
  std::optional<unsigned> lanesOf(const clang::FunctionDecl &Kernel) const;

  /// The threads of \p Kernel's largest grid, on the same terms.
  std::optional<std::uint64_t>
  gridThreadsOf(const clang::FunctionDecl &Kernel) const;

  /// The largest constant block and grid (in threads) of a kernel's
  /// launches; null once a launch or another use leaves them unknown.
  struct Largest {
    std::optional<std::uint64_t> Block;
    std::optional<std::uint64_t> Threads;
  };

private:
  const Largest *find(const clang::FunctionDecl &Kernel) const;

  llvm::DenseMap<const clang::FunctionDecl *, Largest> Kernels;
};

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHEDBLOCKS_H
