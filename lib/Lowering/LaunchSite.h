//===- LaunchSite.h - One launch being lowered ------------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What every step of lowering one device-side launch asks of it: the
// launch, the function it is written in, the file being lowered, how
// messages name its kernel, the raw tokens around it, and whether a step
// has already reported why it cannot be lowered. The steps are in
// LaunchTokens.h (where the rewritten tokens are), LaunchPlan.h (what to
// write), RuntimeForm.h and ExplicitForm.h (the two forms of the output),
// HostDeviceLaunch.h and MacroBodyLaunch.h; LaunchLowering.cpp runs them.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_LAUNCHSITE_H
#define CDP_LOWER_LOWERING_LAUNCHSITE_H

#include "Lowering/LoweringDiagnostics.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
class LangOptions;
class SourceManager;
} // namespace clang

namespace cdp {

/// The spaces and tabs right after \p Loc.
unsigned horizontalSpaceAfter(const clang::SourceManager &SM,
                              clang::SourceLocation Loc);

class LaunchSite {
public:
  LaunchSite(const clang::CUDAKernelCallExpr &Launch,
             const clang::FunctionDecl &Enclosing, clang::ASTContext &Context,
             clang::FileID File);

  const clang::CUDAKernelCallExpr &Launch;
  /// The function the launch is written in (a lambda's call operator).
  const clang::FunctionDecl &Enclosing;
  clang::ASTContext &Context;
  const clang::SourceManager &SM;
  const clang::LangOptions &LangOpts;
  /// The file being lowered, where every token the lowering edits must be.
  clang::FileID File;
  /// The arguments written at the launch (not the kernel's defaults).
  llvm::SmallVector<const clang::Expr *, 8> WrittenArgs;

  /// Reports \p Kind at \p Loc; this launch is then not lowered.
  TableReport fail(clang::SourceLocation Loc, LoweringDiag Kind) {
    Failed = true;
    return report(Loc, Kind);
  }
  /// Reports \p Kind at \p Loc (a note, or a warning that lowers anyway).
  TableReport report(clang::SourceLocation Loc, LoweringDiag Kind) const;
  /// Whether a step reported why the launch cannot be lowered.
  bool failed() const { return Failed; }
  void markFailed() { Failed = true; }

  /// The callee as written.
  std::string kernelSpelling() const;
  /// \p Kernel as messages name it: by its declaration, or, launched
  /// through a pointer (null), as written (KernelName.h).
  std::string kernelName(const clang::FunctionDecl *Kernel) const;
  /// The launch's kernel as messages name it.
  std::string quotedKernel() const {
    return kernelName(Launch.getDirectCallee());
  }

  /// The first token at or after \p Loc, skipping white space and comments.
  clang::Token rawTokenAt(clang::SourceLocation Loc) const;
  /// The number of characters from \p From to \p To in one file.
  unsigned distance(clang::SourceLocation From, clang::SourceLocation To) const;
  /// Spaces and tabs right after \p Loc: dropped with the comma they follow.
  unsigned horizontalSpaceAfter(clang::SourceLocation Loc) const;
  /// The whitespace that starts the line of \p Loc.
  std::string indentationOf(clang::SourceLocation Loc) const;
  /// Whether the launch is a statement of its own (`child<<<1, 1>>>(p);`).
  bool isStatement() const;

private:
  bool Failed = false;
};

} // namespace cdp

#endif // CDP_LOWER_LOWERING_LAUNCHSITE_H
