//===- CheckOptions.h - Which checks run, and how loud ----------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every check has a `-W` name (cdp-local-pointer, ...) and a default level.
// The tool and the plugin accept the same spellings clang uses for its own
// warnings: -W<name>, -Wno-<name>, -Werror=<name>, -Wno-error=<name>,
// -Werror (every enabled check becomes an error) and -Wcdp (every check on).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_CHECKOPTIONS_H
#define CDP_LOWER_CHECKS_CHECKOPTIONS_H

#include "Checks/CheckRegistry.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cdp {

/// Whether \p Flag (a -W flag without "-W": "no-cdp-x", "error=cdp-x",
/// "cdp") names the checks rather than a warning of clang's.
bool namesChecks(llvm::StringRef Flag);

/// The level called \p Name: off, remark, warning or error.
std::optional<CheckLevel> parseCheckLevel(llvm::StringRef Name);

/// Levels of named checks, in the order given.
using CheckLevels = std::vector<std::pair<std::string, CheckLevel>>;

class CheckOptions {
public:
  CheckOptions();

  /// Applies one flag, with its leading "-W" already removed ("no-cdp-x",
  /// "error=cdp-x", ...). Fails on a name no check has.
  llvm::Error applyWarningFlag(llvm::StringRef Flag);

  CheckLevel levelOf(llvm::StringRef CheckName) const;
  bool isEnabled(llvm::StringRef CheckName) const {
    return levelOf(CheckName) != CheckLevel::Off;
  }
  /// True when the check reports errors only because of -Werror(=).
  bool isPromotedToError(llvm::StringRef CheckName) const;
  /// Whether -Werror makes the check's warnings errors: on, and no
  /// -Wno-error=<check> (which wins whatever the order, as in clang).
  bool turnsWarningIntoError(llvm::StringRef CheckName) const;
  /// Whether the check is an error unless told otherwise.
  bool defaultsToError(llvm::StringRef CheckName) const;

  /// The architecture below sm_90 whose PTX the build embeds as its newest
  /// (80 for sm_80), which GPUs from sm_90 on JIT-compile and then run a
  /// programmatic launch of as PDL; 0 for none. The tool reads it from the
  /// compile line, the plugin from its argument `ptx-jit=sm_80`.
  unsigned ptxJitArchitecture() const { return PtxJitArchitecture; }
  void setPtxJitArchitecture(unsigned SmVersion) {
    PtxJitArchitecture = SmVersion;
  }

  /// These options under a compile line's warning flags, on top of the
  /// levels \p FileLevels of an options file (CheckConfigFile.h) (clang's
  /// DiagnosticOptions::Warnings: "no-cdp-x", "error=cdp-x", "error", ...):
  /// the flags that name checks apply first, then the ones given to the
  /// tool or plugin itself, which are the more specific.
  CheckOptions underCompileLine(llvm::ArrayRef<std::string> Warnings,
                                const CheckLevels &FileLevels = {}) const;

  /// Makes \p Level the check's own level, as an options file does (the
  /// flags then act on it). Fails on a name no check has.
  llvm::Error setBaseLevel(llvm::StringRef CheckName, CheckLevel Level);

private:
  struct State {
    bool Enabled;
    bool DefaultError;
    bool DefaultRemark;
    bool ForcedError = false; ///< -Werror=<name>
    bool NoError = false;     ///< -Wno-error=<name>
  };
  State *find(llvm::StringRef Name);
  llvm::StringMap<State> States;
  bool AllWarningsAreErrors = false;
  unsigned PtxJitArchitecture = 0;
  /// The flags applied, in order (underCompileLine replays them).
  std::vector<std::string> Applied;
};

} // namespace cdp

#endif // CDP_LOWER_CHECKS_CHECKOPTIONS_H
