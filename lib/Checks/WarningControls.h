//===- WarningControls.h - clang's warning switches for checks --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks' diagnostics are custom diagnostics, which clang 22 gives no
// warning group, so clang itself neither knows `-Wno-cdp-local-pointer` nor
// `#pragma clang diagnostic ignored "-Wcdp-local-pointer"`. The checks
// honour both anyway: the compile line's flags through
// CheckOptions::underCompileLine, and the pragmas through the regions
// recorded here, replayed in translation-unit order as clang replays its
// own. clang's "unknown warning option/group" warning for such a name is
// noise then, and isCheckFlagNoise tells it apart.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_WARNINGCONTROLS_H
#define CDP_LOWER_CHECKS_WARNINGCONTROLS_H

#include "Checks/CheckOptions.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class Diagnostic;
class Preprocessor;
class SourceManager;
} // namespace clang

namespace cdp {

/// `#pragma clang diagnostic push/pop/ignored/warning/error` naming checks.
class PragmaDiagnosticRegions {
public:
  /// Records, from now on, the pragmas \p PP reads.
  void recordFrom(clang::Preprocessor &PP);

  /// The level the pragmas in force at \p Loc give \p Check; nothing when
  /// none names it.
  std::optional<CheckLevel> levelAt(llvm::StringRef Check,
                                    clang::SourceLocation Loc,
                                    const clang::SourceManager &SM) const;

  /// Whether some pragma turns \p Check (or every check) on.
  bool mayEnable(llvm::StringRef Check) const;

private:
  class Recorder;
  struct Event {
    enum { Push, Pop, Set } Kind;
    clang::SourceLocation Loc;
    std::string Check; ///< "cdp" for every check.
    CheckLevel Level = CheckLevel::Off;
  };
  std::vector<Event> Events;
};

/// Whether \p Info is clang's warning that it knows no warning option or
/// group named like a check (`-Wno-cdp-local-pointer`), which the checks
/// honour themselves, or an option misspelling a check's name, which
/// reportMisspeltCheckFlags reports with the check it is close to.
bool isCheckFlagNoise(const clang::Diagnostic &Info);

/// Reports each of the compile line's warning flags \p Warnings (clang's
/// DiagnosticOptions::Warnings) that names no check but is close to one's
/// name, as clang reports a misspelt warning option: `unknown warning
/// option '-Wno-cdp-lcoal-pointer'; did you mean '-Wno-cdp-local-pointer'?
/// [-Wunknown-warning-option]`.
void reportMisspeltCheckFlags(clang::DiagnosticsEngine &Diags,
                              llvm::ArrayRef<std::string> Warnings);

} // namespace cdp

#endif // CDP_LOWER_CHECKS_WARNINGCONTROLS_H
