//===- CheckAndLowerAction.h - The checks, then the lowering ----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The tool's action on one parse: the checks (set up as the plugin sets them
// up, Checks/ChecksConsumer.h), then the lowering, which leaves a file alone
// when the checks found an error in it.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_CHECKANDLOWERACTION_H
#define CDP_LOWER_DRIVER_CHECKANDLOWERACTION_H

#include "Checks/CheckOptions.h"
#include "Driver/LowerLaunchesAction.h"

namespace cdp {

class CheckAndLowerAction : public LowerLaunchesAction {
public:
  CheckAndLowerAction(const CheckOptions &Checks,
                      const LoweringOptions &Options, LoweredFile &Result)
      : LowerLaunchesAction(Options, Result), Checks(Checks) {}

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef InFile) override;
  /// `Aggregation: Unordered:` of the file's `.cdp-lower`.
  UnorderedChildren unorderedChildrenFor(llvm::StringRef File) override;

private:
  const CheckOptions &Checks;
};

} // namespace cdp

#endif // CDP_LOWER_DRIVER_CHECKANDLOWERACTION_H
