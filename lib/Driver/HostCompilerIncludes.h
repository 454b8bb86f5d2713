//===- HostCompilerIncludes.h - nvcc host compiler's dirs -------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// nvcc compiles a file's host side with a host compiler (-ccbin, else g++),
// and its headers come from that compiler's include directories: omp.h,
// for one, is in GCC's own directory, which clang does not search. The
// tool's parse must find what the build finds, so an nvcc command's parse
// searches the host compiler's directories after clang's own (clang's
// headers, its builtins above all, still win).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_HOSTCOMPILERINCLUDES_H
#define CDP_LOWER_DRIVER_HOSTCOMPILERINCLUDES_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace cdp {

/// The host compiler nvcc runs for \p CcbinValue, the value of -ccbin (or
/// --compiler-bindir): a compiler, or the directory that holds g++. Empty
/// means nvcc's default, g++ from the PATH.
std::string hostCompilerFor(llvm::StringRef CcbinValue);

/// The directories \p Compiler searches for `#include <...>` in C++, as it
/// prints them with `-E -v`. Asked once per compiler and remembered; empty
/// when it cannot be run (then nvcc cannot either, and says so).
std::vector<std::string> hostCompilerIncludeDirs(llvm::StringRef Compiler);

/// The `<...>` search list in the output of `<compiler> -E -v`.
std::vector<std::string> parseIncludeSearchList(llvm::StringRef VerboseOutput);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_HOSTCOMPILERINCLUDES_H
