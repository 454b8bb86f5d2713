//===- MigrationDiagnostics.cpp - Why a CDP1 construct is not migrated ----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Migration/MigrationDiagnostics.h"

#include "CudaAST/CustomDiagnostic.h"

using namespace clang;

namespace cdp {

static constexpr const char *Cannot =
    "cannot migrate this cudaDeviceSynchronize() to CDP2: ";

static std::pair<DiagnosticsEngine::Level, std::string>
infoFor(MigrationDiag Kind) {
  auto Error = [](const char *Why) {
    return std::make_pair(DiagnosticsEngine::Error, std::string(Cannot) + Why);
  };
  switch (Kind) {
  case MigrationDiag::ResultUsed:
    return Error("its result is used, and no CDP2 call returns the "
                 "children's errors to the parent; call it as a statement of "
                 "its own (the host sees a child's error when it "
                 "synchronises)");
  case MigrationDiag::NotInKernel:
    return Error("it is in %0, which is not a kernel; the code after a "
                 "synchronisation moves into a continuation kernel only "
                 "from a kernel's own body; write it in the kernel");
  case MigrationDiag::InMacro:
    return Error("it is written in a macro; expand the macro here");
  case MigrationDiag::InTemplate:
    return Error("kernel %0 is a template, and its continuation would have "
                 "to be one too; cdp-lower migrates non-template kernels");
  case MigrationDiag::UnsupportedStatement:
    return Error("it lies in a '%0' statement; the code after it is carried "
                 "into a continuation only through blocks, if, for, while "
                 "and do statements");
  case MigrationDiag::JumpLeavesLoop:
    return Error("the '%0' after it leaves the loop around it, and in the "
                 "continuation kernel the rest of that iteration no longer "
                 "runs inside the loop; make the iteration reach its end");
  case MigrationDiag::UncarriableValue:
    return Error("'%0' is used after it, and %select{an array|a reference|a "
                 "stream or event handle (valid only in the grid that "
                 "created it)|a lambda or an unnamed type}1 cannot be passed "
                 "to the continuation kernel");
  case MigrationDiag::SharedMemoryCarried:
    return Error("__shared__ variable '%0' is used both before and after "
                 "it; shared memory does not survive into the continuation "
                 "kernel, which runs in new blocks");
  case MigrationDiag::PerThreadValue:
    return Error("'%0' is used after it, but its value may differ between "
                 "threads and cannot be recomputed from the parameters and "
                 "the thread's indices, and the code after it needs the "
                 "whole grid (it %1); the continuation can carry such a "
                 "value only when each thread continues on its own");
  case MigrationDiag::ThreadMayReturn:
    return Error("a thread may return before it while others go on, and "
                 "the code after it needs the whole grid (it %0); make the "
                 "return depend only on the kernel's parameters");
  case MigrationDiag::NestedWholeGridSplit:
    return Error("the code after it needs the whole grid (it %0), which a "
                 "continuation gives only to a synchronisation written in "
                 "the kernel's body or in an 'if' at its top level");
  case MigrationDiag::ParameterChanged:
    return Error("parameter '%0' changes before it, and the code after it "
                 "needs the whole grid (it %1), whose threads may hold "
                 "different values of it");
  case MigrationDiag::DynamicSharedMemory:
    return Error("the code after it uses dynamic shared memory ('%0'), "
                 "whose size a continuation launch cannot know");
  case MigrationDiag::ContinuationNeedsGrid:
    return Error("the code after it needs the whole grid (it %0) and lies "
                 "in a loop; a continuation runs the grid once, not once per "
                 "iteration");
  case MigrationDiag::DeclaredHere:
    return {DiagnosticsEngine::Note, "'%0' declared here"};
  }
  llvm_unreachable("unknown migration diagnostic");
}

DiagnosticBuilder report(DiagnosticsEngine &Diags, SourceLocation Loc,
                         MigrationDiag Kind) {
  auto [Level, Format] = infoFor(Kind);
  return reportCustom(Diags, Loc, static_cast<DiagnosticIDs::Level>(Level),
                      Format);
}

} // namespace cdp
