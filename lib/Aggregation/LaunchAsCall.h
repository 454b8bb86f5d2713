//===- LaunchAsCall.h - A launch rewritten as a call of the runtime -*- C++
//-*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Aggregation and coarsening launch a copy of the child through the
// runtime, and rewrite only the tokens around the launch's operands:
//
//   child<<<g, b, 0, s>>>(p, n);
//   cdp::aggregated::byWarp(child_aggregated, {g, b, 0, s}, p, n);
//
// The operands stay as written, macros and comments included.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LAUNCHASCALL_H
#define CDP_LOWER_AGGREGATION_LAUNCHASCALL_H

#include "Lowering/LaunchTokens.h"
#include "Lowering/SourceEdits.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace cdp {

/// The file positions of the tokens a launch rewritten as a call edits.
struct LaunchAsCall {
  clang::SourceLocation CalleeBegin;
  /// Past the kernel's name (before explicit template arguments).
  clang::SourceLocation NameEnd;
  /// The callee's last token.
  clang::SourceLocation CalleeEnd;
  clang::SourceLocation TripleLess, TripleGreater;
  /// The chevrons with the spaces around them, which go with them.
  SpacedChevrons Spaced;
  /// The `(` after `>>>`.
  clang::SourceLocation ArgsLParen;
  /// The edits of the launch's file.
  SourceEdits *Edits = nullptr;
  /// `<float>` for a template launched with deduced arguments: the copy's
  /// name needs them written out.
  std::string DeducedArgs;
  bool HasWrittenArgs = false;
  /// The `)` that closes the launch's arguments.
  clang::SourceLocation ArgsRParen;
  /// The text of each default argument the launch leaves to the kernel's
  /// declaration, copied as written (as the lowering copies it): the call
  /// passes every argument.
  llvm::SmallVector<std::string, 2> DefaultArgs;

  /// What replaces `>>>(`: `}, `, or `},` before a line break, or `}`
  /// when no argument is written.
  std::string argsOpen(const clang::SourceManager &SM) const;

  /// `CDP_LAUNCH_SITE("f.cu", 12, "child")` for this launch, the kernel as
  /// written: where a checked launch reports from.
  std::string siteMacro(const clang::SourceManager &SM,
                        const clang::LangOptions &LangOpts) const;

  /// Rewrites the launch into `<Function>(<Leading><kernel><Suffix>,
  /// {<config>}, <args>)`: `child<<<` becomes `Function(child_Suffix, {`
  /// (`Function(CDP_LAUNCH_SITE(...), child_Suffix, {` with a \p Leading
  /// site).
  void rewriteAsCall(const clang::SourceManager &SM, llvm::StringRef Function,
                     llvm::StringRef Suffix,
                     llvm::StringRef Leading = "") const;

  /// Writes the default arguments out before the closing `)`, after the
  /// written ones (rewriteAsCall does).
  void passDefaultArgs() const;
};

/// The tokens of \p Launch of \p Kernel; nothing when one is in a macro or
/// in a file \p EditsOf does not change.
std::optional<LaunchAsCall>
locateLaunchAsCall(const clang::CUDAKernelCallExpr &Launch,
                   const clang::FunctionDecl &Kernel,
                   clang::ASTContext &Context,
                   llvm::function_ref<SourceEdits *(clang::FileID)> EditsOf);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHASCALL_H
