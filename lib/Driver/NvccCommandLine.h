//===- NvccCommandLine.h - nvcc flags as clang's ----------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// CMake and Make write nvcc's command lines into compile databases; clang's
// driver rejects most of nvcc's flags and, worse, reads `-arch` as a Darwin
// flag, so the GPU targets were lost and an sm_80 project was parsed for
// sm_90. This turns an nvcc command into the clang flags that mean the same
// for a device-side parse: each virtual architecture nvcc compiles device
// code for becomes a `--cuda-gpu-arch` (it decides `__CUDA_ARCH__`),
// relocatable device code becomes `-fgpu-rdc`, `-Xcompiler` flags are
// unwrapped, options files are read, and the host compiler's include
// directories are searched after clang's. Flags that only steer nvcc's own
// passes (ptxas, linking) are dropped; a flag nvcc's manual does not list
// is dropped and named.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_NVCCCOMMANDLINE_H
#define CDP_LOWER_DRIVER_NVCCCOMMANDLINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace cdp {

/// Whether \p CommandLine runs nvcc (its program is named nvcc).
bool isNvccCommand(llvm::ArrayRef<std::string> CommandLine);

struct ClangCommandLine {
  /// The program (kept from the nvcc command) and clang's flags; the input
  /// files stay where they were.
  std::vector<std::string> Arguments;
  /// Flags neither nvcc's manual nor clang knows, dropped.
  std::vector<std::string> Unknown;
  /// Targets nvcc would resolve on the build machine (`-arch=native`,
  /// `all`, `all-major`), replaced by the default architecture.
  std::vector<std::string> UnresolvedArchitectures;
  /// The value of -ccbin (--compiler-bindir): the host compiler, or its
  /// directory; empty for nvcc's default. Its include directories are
  /// already in Arguments.
  std::string HostCompiler;
  /// Where the CUDA sources are in the nvcc command line (0 = the
  /// program): the inputs the parse reads, written on the command line
  /// itself (not in an options file). cdp-nvcc lowers these.
  std::vector<unsigned> CudaSourcePositions;
};

/// Whether \p Flags (what a user wrote after `--`) hold a flag only nvcc
/// has: one that sets nvcc's targets, relocatable device code or host
/// compiler (`-arch`, `-gencode`, `-code`, `-rdc`, `-dc`, `-Xcompiler`,
/// `-ccbin`, ...), or another of nvcc's manual that clang's driver does not
/// accept as written (`--expt-relaxed-constexpr`, `-lineinfo`). CUDA users
/// write their nvcc flags there; clang's driver rejects them, or reads
/// `-arch` as Darwin's, so such flags are read as nvcc's.
bool namesNvccOnlyFlag(llvm::ArrayRef<std::string> Flags);

/// \p CommandLine (an nvcc command: program, flags, inputs) as clang flags.
/// \p Directory resolves a relative options file. Fails only on an options
/// file that cannot be read.
llvm::Expected<ClangCommandLine>
translateNvccCommand(llvm::ArrayRef<std::string> CommandLine,
                     llvm::StringRef Directory);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_NVCCCOMMANDLINE_H
