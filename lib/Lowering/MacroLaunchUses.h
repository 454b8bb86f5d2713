//===- MacroLaunchUses.h - Uses of macros that hold a launch ----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A launch written in a macro body is lowered in the macro's definition
// (LaunchLowering.cpp), which changes every use of the macro. That is right
// only when every use is a device-side launch the lowering accepted; this
// records the uses of each macro whose body holds a `<<<`, so that any
// other use (host code, a use in a template nobody instantiates the same
// way) is reported instead of silently expanding to the lowered form.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_MACROLAUNCHUSES_H
#define CDP_LOWER_LOWERING_MACROLAUNCHUSES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace clang {
class DiagnosticsEngine;
class Preprocessor;
class SourceManager;
} // namespace clang

namespace cdp {

class MacroLaunchUses {
public:
  struct Use {
    std::string Macro;
    clang::SourceRange Definition;
    /// Where the use is expanded in a file (the outermost macro's name).
    clang::SourceLocation At;
  };

  /// Records, from now on, the uses of macros whose body holds a `<<<`.
  void recordFrom(clang::Preprocessor &PP);

  const std::vector<Use> &uses() const { return Uses; }

  /// Reports each use of a macro whose definition holds a rewritten `<<<`
  /// (a key of \p Lowered) that is not one of the uses the lowering
  /// accepted for it (its value). Returns true when it reported any.
  bool reportUsesNotLowered(
      const llvm::DenseMap<clang::SourceLocation,
                           llvm::DenseSet<clang::SourceLocation>> &Lowered,
      const clang::SourceManager &SM, clang::DiagnosticsEngine &Diags) const;

private:
  class Recorder;
  std::vector<Use> Uses;
};

} // namespace cdp

#endif // CDP_LOWER_LOWERING_MACROLAUNCHUSES_H
