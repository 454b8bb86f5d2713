//===- LaunchCounting.h - Count launches for a profile ----------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --instrument: each device-side launch, lowered as written, first counts
// itself at its site by the size of its grid (cdp/profile.cuh), on the
// launch's first line, so that line numbers hold. Where the launch is a
// statement of a block, by a statement of its own:
//
//   cdp::profile::count("bfs.cu:25:5", n / 32, 32); cdp::DeviceLaunch...
//
// and elsewhere (an if's branch without braces) inside the expression:
//
//   if (big) (cdp::profile::count("bfs.cu:27:14", n, 64), cdp::Device...);
//
// The grid and block are evaluated a second time, so the count needs them
// without side effects, and written in the file (not in a macro's body).
// main, where a lowered file defines it, first registers the handler that
// writes the profile at exit (LaunchProfile.h reads it); so does each host
// function of a lowered file that launches a kernel, for programs whose
// main is in a file the tool does not lower (a .cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LAUNCHCOUNTING_H
#define CDP_LOWER_AGGREGATION_LAUNCHCOUNTING_H

#include "Lowering/SourceEdits.h"

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace cdp {

/// How a launch was counted: not at all (a warning says why), by a
/// statement before it, or inside the parenthesized expression it is part
/// of, whose end closeCountedLaunch() writes once the launch is lowered.
enum class LaunchCount { None, Statement, Expression };

/// Inserts the count of \p Launch, made in \p Enclosing, into \p Edits,
/// before its lowering.
LaunchCount countLaunch(const clang::CUDAKernelCallExpr &Launch,
                        const clang::FunctionDecl &Enclosing,
                        clang::ASTContext &Context, SourceEdits &Edits);

/// Closes the expression that an Expression count opened, after the
/// launch's own edits.
void closeCountedLaunch(const clang::CUDAKernelCallExpr &Launch,
                        clang::ASTContext &Context, SourceEdits &Edits);

/// Registers the profile's writer first in \p Function's body (main, or a
/// host function that launches kernels, where main is not lowered); false
/// where its body is not written in the file.
bool registerProfileWriter(const clang::FunctionDecl &Function,
                           SourceEdits &Edits);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHCOUNTING_H
