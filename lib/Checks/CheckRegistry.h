//===- CheckRegistry.h - Every check, its name and its default --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one list of checks: the `-W` name, the factory (CheckFactories.h), the
// level a check has unless told otherwise, and the line --list-checks
// prints. Adding a check is a file of its own and one entry here.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_CHECKREGISTRY_H
#define CDP_LOWER_CHECKS_CHECKREGISTRY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>

namespace cdp {

/// Remark is for findings that are correct code worth knowing about: clang
/// prints a note only after a warning or error, so they are remarks.
enum class CheckLevel { Off, Remark, Warning, Error };

class Check;
class CheckContext;

struct CheckInfo {
  llvm::StringLiteral Name; ///< The `-W` name, e.g. "cdp-local-pointer".
  std::unique_ptr<Check> (*Create)(llvm::StringRef Name, CheckContext &);
  CheckLevel DefaultLevel;
  llvm::StringLiteral Summary; ///< One line for --list-checks.
};

/// Every check there is, in the order --list-checks prints them.
llvm::ArrayRef<CheckInfo> allChecks();

/// The check whose name is closest to a misspelt \p Name, by clang's rule
/// for warning options; empty when no check is close.
llvm::StringRef closestCheck(llvm::StringRef Name);

/// `; did you mean 'cdp-local-pointer'?` for a misspelt check \p Name, as
/// clang suggests a warning option; empty when no check is close.
std::string didYouMeanCheck(llvm::StringRef Name);

} // namespace cdp

#endif // CDP_LOWER_CHECKS_CHECKREGISTRY_H
