//===- CheckOptions.cpp - Which checks run, and how loud ------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Checks/CheckOptions.h"
#include "Checks/CheckRegistry.h"

#include "llvm/ADT/StringSwitch.h"

#include "llvm/Support/FormatVariadic.h"

namespace cdp {

bool namesChecks(llvm::StringRef Flag) {
  Flag.consume_front("no-");
  Flag.consume_front("error=");
  return Flag == "cdp" || Flag.starts_with("cdp-");
}

std::optional<CheckLevel> parseCheckLevel(llvm::StringRef Name) {
  return llvm::StringSwitch<std::optional<CheckLevel>>(Name)
      .Case("off", CheckLevel::Off)
      .Case("remark", CheckLevel::Remark)
      .Case("warning", CheckLevel::Warning)
      .Case("error", CheckLevel::Error)
      .Default(std::nullopt);
}

CheckOptions::CheckOptions() {
  for (const CheckInfo &Check : allChecks())
    States[Check.Name] = {Check.DefaultLevel != CheckLevel::Off,
                          Check.DefaultLevel == CheckLevel::Error,
                          Check.DefaultLevel == CheckLevel::Remark};
}

CheckOptions::State *CheckOptions::find(llvm::StringRef Name) {
  auto It = States.find(Name);
  return It == States.end() ? nullptr : &It->second;
}

llvm::Error CheckOptions::applyWarningFlag(llvm::StringRef Flag) {
  Applied.push_back(Flag.str());
  if (Flag == "error" || Flag == "no-error") {
    AllWarningsAreErrors = Flag == "error";
    return llvm::Error::success();
  }
  if (Flag == "cdp") {
    for (auto &Entry : States)
      Entry.second.Enabled = true;
    return llvm::Error::success();
  }
  if (Flag == "no-cdp") {
    for (auto &Entry : States)
      Entry.second.Enabled = false;
    return llvm::Error::success();
  }
  bool Negated = Flag.consume_front("no-");
  bool ErrorForm = Flag.consume_front("error=");
  State *S = find(Flag);
  if (!S)
    return llvm::createStringError(
        llvm::formatv("unknown check '{0}' in a -W flag{1}", Flag,
                      didYouMeanCheck(Flag))
            .str());
  if (ErrorForm) {
    S->ForcedError = !Negated;
    S->NoError = Negated;
    S->Enabled |= !Negated; // -Werror=x also enables x, as in clang.
    return llvm::Error::success();
  }
  S->Enabled = !Negated;
  return llvm::Error::success();
}

CheckLevel CheckOptions::levelOf(llvm::StringRef CheckName) const {
  auto It = States.find(CheckName);
  assert(It != States.end() && "a check without an entry in allChecks()");
  const State &S = It->second;
  if (!S.Enabled)
    return CheckLevel::Off;
  if (S.ForcedError)
    return CheckLevel::Error;
  // -Werror makes warnings errors; a remark stays a remark, as in clang.
  if (S.DefaultRemark)
    return CheckLevel::Remark;
  if (S.NoError)
    return CheckLevel::Warning;
  if (S.DefaultError || AllWarningsAreErrors)
    return CheckLevel::Error;
  return CheckLevel::Warning;
}

bool CheckOptions::turnsWarningIntoError(llvm::StringRef CheckName) const {
  return AllWarningsAreErrors && !States.find(CheckName)->second.NoError;
}

bool CheckOptions::defaultsToError(llvm::StringRef CheckName) const {
  return States.find(CheckName)->second.DefaultError;
}

llvm::Error CheckOptions::setBaseLevel(llvm::StringRef CheckName,
                                       CheckLevel Level) {
  State *S = find(CheckName);
  if (!S)
    return llvm::createStringError(llvm::formatv("unknown check '{0}'{1}",
                                                 CheckName,
                                                 didYouMeanCheck(CheckName))
                                       .str());
  S->Enabled = Level != CheckLevel::Off;
  S->DefaultError = Level == CheckLevel::Error;
  S->DefaultRemark = Level == CheckLevel::Remark;
  return llvm::Error::success();
}

CheckOptions
CheckOptions::underCompileLine(llvm::ArrayRef<std::string> Warnings,
                               const CheckLevels &FileLevels) const {
  CheckOptions Result;
  Result.PtxJitArchitecture = PtxJitArchitecture;
  for (const auto &[Name, Level] : FileLevels)
    llvm::consumeError(Result.setBaseLevel(Name, Level)); // Checked on reading.
  for (llvm::StringRef Flag : Warnings) {
    // Another tool's warnings are clang's business; a check name nobody
    // has is an unknown warning, which clang reports.
    if (Flag == "error" || Flag == "no-error" || namesChecks(Flag))
      llvm::consumeError(Result.applyWarningFlag(Flag));
  }
  for (const std::string &Flag : Applied)
    llvm::consumeError(Result.applyWarningFlag(Flag));
  return Result;
}

bool CheckOptions::isPromotedToError(llvm::StringRef CheckName) const {
  const State &S = States.find(CheckName)->second;
  return levelOf(CheckName) == CheckLevel::Error && !S.DefaultError;
}

} // namespace cdp
