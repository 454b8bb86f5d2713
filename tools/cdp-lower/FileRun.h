//===- FileRun.h - Run a frontend action on one input file ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What clang::tooling::ClangTool does for one file, without rewriting its
// name: ClangTool makes the path "native", which on POSIX turns a backslash
// in a file name into a directory separator, so `a\b.cu` was looked for as
// `a/b.cu`. Each compile command the database has for the file runs in its
// own directory, with the tool's adjustments.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_TOOLS_FILERUN_H
#define CDP_LOWER_TOOLS_FILERUN_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"

namespace cdp {

/// Runs \p Factory's action on \p Input under each of its compile commands;
/// false when one failed (its diagnostics are printed).
bool runOnFile(const clang::tooling::CompilationDatabase &Database,
               llvm::StringRef Input,
               const clang::tooling::ArgumentsAdjuster &Adjuster,
               clang::tooling::FrontendActionFactory &Factory);

} // namespace cdp

#endif // CDP_LOWER_TOOLS_FILERUN_H
