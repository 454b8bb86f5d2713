//===- InferredCommands.cpp - nvcc commands for files not in the database -===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/InferredCommands.h"

#include "Driver/NvccCommandLine.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace clang::tooling;

namespace cdp {

/// \p File as an absolute, dot-free path, relative ones taken from \p
/// Directory (a database's `file` and a command's inputs may be either).
static llvm::SmallString<256> absolutePath(llvm::StringRef File,
                                           llvm::StringRef Directory) {
  llvm::SmallString<256> Path(File);
  llvm::sys::path::make_absolute(Directory, Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return Path;
}

CompileCommand nvccCommandForInferred(const CompilationDatabase &Database,
                                      const CompileCommand &Command,
                                      llvm::StringRef Path) {
  // clang's interpolation says "inferred from <the entry's file>".
  llvm::StringRef From = Command.Heuristic;
  if (!From.consume_front("inferred from ") ||
      !isNvccCommand(Command.CommandLine))
    return Command;
  const llvm::SmallString<256> FromPath = absolutePath(From, Command.Directory);
  for (const CompileCommand &Entry : Database.getCompileCommands(FromPath)) {
    if (!Entry.Heuristic.empty() || !isNvccCommand(Entry.CommandLine))
      continue;
    const llvm::SmallString<256> Source =
        absolutePath(Entry.Filename, Entry.Directory);
    CompileCommand Result = Entry;
    Result.Filename = Path.str();
    Result.Heuristic = Command.Heuristic;
    bool Swapped = false;
    // Skip the program's name; any argument naming the entry's source is
    // an input (nvcc has no option whose value is a source file).
    for (std::string &Argument : llvm::drop_begin(Result.CommandLine))
      if (!Argument.empty() && Argument.front() != '-' &&
          absolutePath(Argument, Entry.Directory) == Source) {
        Argument = Path.str();
        Swapped = true;
      }
    if (Swapped)
      return Result;
  }
  return Command;
}

} // namespace cdp
