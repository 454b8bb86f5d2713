//===- CdpChecksPlugin.cpp - The checks inside a clang CUDA compile ------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Loads into clang 22 and runs the same checks as `cdp-lower`, from the same
// code (lib/Checks), with the same messages and -W names:
//
//   clang++ -fplugin=libCdpChecks.so -x cuda ...
//           -fplugin-arg-cdp-Wno-cdp-local-pointer
//
// A CUDA compile parses the file once for the host and once per GPU
// architecture. The checks look at device code and at the CDP version of a
// GPU target, so they run in the device compilations only; the host one
// stays silent, and each problem is reported once (per architecture). The
// setup is the tool's own (Checks/ChecksConsumer.h).
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckOptions.h"
#include "Checks/ChecksConsumer.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"

using namespace clang;

namespace cdp {
namespace {

class CdpChecksAction : public PluginASTAction {
protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return createChecksConsumer(CI, Options);
  }

  /// Takes -fplugin-arg-cdp-<flag>, where <flag> is a check control as the
  /// tool takes it: W<check>, Wno-<check>, Werror=<check>, ...
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (StringRef Arg : Args) {
      StringRef Flag = Arg;
      Flag.consume_front("-");
      llvm::Error E = Flag.consume_front("W")
                          ? Options.applyWarningFlag(Flag)
                          : llvm::createStringError(
                                "expected a check control such as "
                                "-fplugin-arg-cdp-Wno-cdp-local-pointer");
      if (E) {
        unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Error,
                                            "cdp plugin argument '%0': %1");
        Diags.Report(ID) << Arg << llvm::toString(std::move(E));
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

private:
  CheckOptions Options;
};

} // namespace
} // namespace cdp

static FrontendPluginRegistry::Add<cdp::CdpChecksAction>
    RegisterCdpChecks("cdp", "checks of CUDA dynamic parallelism "
                             "(cdp-lower's checks)");
