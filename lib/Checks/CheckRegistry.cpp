//===- CheckRegistry.cpp - Every check, its name and its default ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Checks/CheckRegistry.h"

#include "Checks/CheckFactories.h"

namespace cdp {

llvm::ArrayRef<CheckInfo> allChecks() {
  static const CheckInfo Checks[] = {
#define CDP_CHECK(Name, Class, Level, Summary)                                 \
  {Name, create##Class##Check, CheckLevel::Level, Summary},
#include "Checks/Checks.def"
  };
  return Checks;
}

llvm::StringRef closestCheck(llvm::StringRef Name) {
  // clang's rule for warning options: at most a third of the name edited.
  unsigned Best = (Name.size() + 2) / 3 + 1;
  llvm::StringRef Closest;
  for (const CheckInfo &Check : allChecks()) {
    unsigned Distance = Name.edit_distance(Check.Name, /*AllowReplacements=*/
                                           true, Best);
    if (Distance < Best) {
      Best = Distance;
      Closest = Check.Name;
    }
  }
  return Closest;
}

std::string didYouMeanCheck(llvm::StringRef Name) {
  llvm::StringRef Closest = closestCheck(Name);
  if (Closest.empty())
    return "";
  return ("; did you mean '" + Closest + "'?").str();
}

} // namespace cdp
