//===- CompileFlags.h - How cdp-lower parses a CUDA file --------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The compilation database comes from `-- <flags>`, `-p <dir>`, a
// compile_commands.json above the input, or, when there is none, defaults:
// a device-side parse for sm_90 with relocatable device code and the CUDA
// toolkit found at build time. Whatever the source, the adjusters make the
// parse device-side CUDA and put the runtime header on the include path.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_COMPILEFLAGS_H
#define CDP_LOWER_DRIVER_COMPILEFLAGS_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <string>
#include <vector>

namespace cdp {

/// Flags used when no compilation database is given or found.
std::vector<std::string> defaultCompileFlags();

/// The CUDA toolkit a parse by \p Args reads: its last `--cuda-path=`,
/// else the one the tool was built with.
std::string cudaPathOf(llvm::ArrayRef<std::string> Args);

/// The clang resource directory a parse by \p Args reads: its last
/// `-resource-dir` (either form), else the one the tool was built with.
std::string resourceDirOf(llvm::ArrayRef<std::string> Args);

/// Adjusts any command line into a device-side CUDA parse that finds clang's
/// resource headers, the CUDA toolkit and the cdp runtime.
clang::tooling::ArgumentsAdjuster
deviceSideParseAdjuster(const std::string &RuntimeIncludeDir);

/// Inserts \p Before after the program, appends \p After to the flags and
/// drops each flag of \p Removed (and its `=value` forms): the tool's
/// --extra-arg-before, --extra-arg and --removed-arg.
clang::tooling::ArgumentsAdjuster
userArgumentsAdjuster(std::vector<std::string> Before,
                      std::vector<std::string> After,
                      std::vector<std::string> Removed);

/// \p Args once per GPU architecture it names (`--cuda-gpu-arch=` or
/// `--offload-arch=`, joined), each with only that one: clang parses device
/// code for one architecture at a time.
std::vector<clang::tooling::CommandLineArguments>
splitByGpuArchitecture(const clang::tooling::CommandLineArguments &Args);

/// The runtime's include directory: beside an installed tool
/// (`<prefix>/include`), else the source tree the tool was built from.
std::string findRuntimeIncludeDir(const char *Argv0);

/// The XY of each `--cuda-gpu-arch=sm_XY` (or `--offload-arch`) of \p Args,
/// in order, without repeats.
std::vector<unsigned>
gpuArchitecturesOf(const clang::tooling::CommandLineArguments &Args);

/// The architecture below sm_90 (80 for sm_80) whose PTX is the newest that
/// a build by \p Args embeds, by clang's rule (`--cuda-include-ptx=`,
/// `--no-cuda-include-ptx=`, none by default): GPUs from sm_90 on that no
/// compiled architecture covers JIT-compile it. 0 when there is none.
unsigned ptxJitArchitecture(const clang::tooling::CommandLineArguments &Args);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_COMPILEFLAGS_H
