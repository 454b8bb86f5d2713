//===- ActionFactory.h - One frontend action per parse ----------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_ACTIONFACTORY_H
#define CDP_LOWER_DRIVER_ACTIONFACTORY_H

#include "Driver/ToolStreams.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

#include <memory>
#include <tuple>

namespace cdp {

/// Sends clang's own summary lines ("1 error generated") where the file's
/// diagnostics go: under -j, the file's buffer.
class SummaryToFileErrors : public clang::WrapperFrontendAction {
public:
  using WrapperFrontendAction::WrapperFrontendAction;

protected:
  bool BeginInvocation(clang::CompilerInstance &CI) override {
    CI.setVerboseOutputStream(fileErrors());
    return WrapperFrontendAction::BeginInvocation(CI);
  }
};

/// Creates one action per file, all made from the same arguments.
template <class Action, class... Args>
class ActionFactory : public clang::tooling::FrontendActionFactory {
public:
  explicit ActionFactory(Args &...A) : Arguments(A...) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<SummaryToFileErrors>(std::apply(
        [](Args &...A) { return std::make_unique<Action>(A...); }, Arguments));
  }

private:
  std::tuple<Args &...> Arguments;
};

} // namespace cdp

#endif // CDP_LOWER_DRIVER_ACTIONFACTORY_H
