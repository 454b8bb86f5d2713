//===- HostDeviceLaunch.cpp - A launch in a __host__ __device__ fn --------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/HostDeviceLaunch.h"

#include "CudaAST/LineDirectives.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/LaunchSite.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cdp {

void reportHostDeviceLaunchNotStatement(LaunchSite &Site) {
  Site.fail(Site.Launch.getBeginLoc(),
            LoweringDiag::HostDeviceLaunchNotStatement)
      << Site.quotedKernel();
}

std::optional<HostDeviceBranches>
hostDeviceBranches(LaunchSite &Site, const LaunchTokens &Tokens) {
  const SourceManager &SM = Site.SM;
  Token Semi = Site.rawTokenAt(Tokens.RParen.getLocWithOffset(1));
  if (!Site.isStatement() || Semi.isNot(tok::semi)) {
    reportHostDeviceLaunchNotStatement(Site);
    return std::nullopt;
  }
  StringRef Buffer = SM.getBufferData(Site.File);
  unsigned Begin = SM.getFileOffset(Tokens.CalleeBegin);
  unsigned End = SM.getFileOffset(Semi.getLocation()) + 1;
  unsigned LineStart = lineStartOffset(Buffer, Begin);
  StringRef Before = Buffer.slice(LineStart, Begin);

  HostDeviceBranches Branches;
  std::string Indent;
  if (Before.find_first_not_of(" \t") == StringRef::npos) {
    Indent = Before.str();
    Branches.IfdefAt = SM.getComposedLoc(Site.File, LineStart);
    Branches.Ifdef = "#ifdef __CUDA_ARCH__\n";
  } else {
    Branches.IfdefAt = Tokens.CalleeBegin;
    Branches.Ifdef = "\n#ifdef __CUDA_ARCH__\n";
  }
  Branches.ElseAt = Semi.getLocation().getLocWithOffset(1);
  Branches.Else = "\n#else\n" + Indent + Buffer.slice(Begin, End).str() +
                  "\n#endif\n" +
                  lineDirectiveAfter(SM, Semi.getLocation(), Indent);
  return Branches;
}

} // namespace cdp
