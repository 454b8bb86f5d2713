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
#include "CudaAST/CustomDiagnostic.h"
#include "CudaAST/Target.h"

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
  /// tool takes it: W<check>, Wno-<check>, Werror=<check>, ...; or
  /// ptx-jit=sm_XY, which says what a compile job cannot see: that the
  /// build's newest PTX is sm_XY's (clang's --cuda-include-ptx=sm_XY).
  bool ParseArgs(const CompilerInstance &CI,
                 const std::vector<std::string> &Args) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    for (StringRef Arg : Args) {
      StringRef Flag = Arg;
      Flag.consume_front("-");
      llvm::Error E = Flag.consume_front("W") ? Options.applyWarningFlag(Flag)
                      : Flag.consume_front("ptx-jit=")
                          ? setPtxJitArchitecture(Flag)
                          : llvm::createStringError(
                                "expected a check control such as "
                                "-fplugin-arg-cdp-Wno-cdp-local-pointer, or "
                                "ptx-jit=sm_XY");
      if (E) {
        reportCustom(Diags, SourceLocation(), DiagnosticIDs::Error,
                     "cdp plugin argument '%0': %1")
            << Arg << llvm::toString(std::move(E));
        return false;
      }
    }
    return true;
  }

  ActionType getActionType() override { return AddAfterMainAction; }

  llvm::Error setPtxJitArchitecture(StringRef Arch) {
    std::optional<unsigned> Version = smVersionOf(Arch);
    if (!Version)
      return llvm::createStringError("expected ptx-jit=sm_XY, such as "
                                     "ptx-jit=sm_80");
    // PTX from sm_90 on keeps what the sm_90 compile keeps.
    Options.setPtxJitArchitecture(*Version < FirstPdlSmVersion ? *Version : 0);
    return llvm::Error::success();
  }

private:
  CheckOptions Options;
};

} // namespace
} // namespace cdp

static FrontendPluginRegistry::Add<cdp::CdpChecksAction>
    RegisterCdpChecks("cdp", "checks of CUDA dynamic parallelism "
                             "(cdp-lower's checks)");
