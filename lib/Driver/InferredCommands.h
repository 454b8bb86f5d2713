//===- InferredCommands.h - nvcc commands for files not in the database ---===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A source that compile_commands.json does not list (a header selected
// for lowering, a file a build generates, one the user names by hand) gets
// the command of the nearest entry, as clang-tidy does: clang's
// interpolation. That reads the entry's arguments with clang's option
// table, drops the entry's inputs and appends the new file. An nvcc
// argument clang does not know loses its value on the way when the value
// looks like an input: `--options-file <file>` (CMake's response files
// for nvcc) keeps the flag and loses the file, and the next argument is
// then read as the file's name. For an nvcc command the entry's own
// arguments are taken instead, with its source swapped for the new one.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_INFERREDCOMMANDS_H
#define CDP_LOWER_DRIVER_INFERREDCOMMANDS_H

#include "clang/Tooling/CompilationDatabase.h"

namespace cdp {

/// \p Command, which \p Database inferred for \p Path (its Heuristic says
/// from which entry), as that entry's nvcc command for \p Path; \p Command
/// itself when it was not inferred, is not nvcc's, or the entry's source
/// is not one of its arguments.
clang::tooling::CompileCommand
nvccCommandForInferred(const clang::tooling::CompilationDatabase &Database,
                       const clang::tooling::CompileCommand &Command,
                       llvm::StringRef Path);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_INFERREDCOMMANDS_H
