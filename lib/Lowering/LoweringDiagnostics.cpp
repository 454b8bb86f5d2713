//===- LoweringDiagnostics.cpp - Diagnostics of the lowering --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/LoweringDiagnostics.h"

#include "CudaAST/CustomDiagnostic.h"

using namespace clang;

namespace cdp {

namespace {
struct DiagInfo {
  DiagnosticsEngine::Level Level;
  const char *Format;
};
} // namespace

static DiagInfo infoFor(LoweringDiag Kind) {
  switch (Kind) {
  case LoweringDiag::LaunchInMacroBody:
    return {DiagnosticsEngine::Error,
            "device-side launch of %0 is spelled inside the body of macro "
            "'%1', which cdp-lower rewrites only %select{when the macro is "
            "defined in a file it lowers (the input, or a header that "
            "--header-filter selects)|when its '<<<', '>>>' and the "
            "parentheses of the arguments are all written in the macro body|"
            "where every use names one kernel: one function, or a template "
            "with its template arguments written out|where every use passes "
            "every argument (this one leaves default arguments to the "
            "kernel)}2; expand the macro at this use, or move the '<<<...>>>' "
            "into the macro's arguments"};
  case LoweringDiag::MacroUseNotLaunch:
    return {DiagnosticsEngine::Error,
            "macro '%0' holds a device-side launch that cdp-lower rewrites in "
            "the macro's definition, but this use of it is not a device-side "
            "launch that cdp-lower lowers, and would expand to the lowered "
            "form; expand the macro at its device-side uses instead"};
  case LoweringDiag::HostDeviceLaunchNotStatement:
    return {DiagnosticsEngine::Error,
            "cannot lower this launch of %0 in a __host__ __device__ "
            "function: it is lowered only as a statement of its own, written "
            "outside any macro body, because the host compilation keeps it "
            "as written in an '#ifdef __CUDA_ARCH__ ... #else' around that "
            "statement; make the launch a statement of its own"};
  case LoweringDiag::MacroDefinedHere:
    return {DiagnosticsEngine::Note, "macro '%0' defined here"};
  case LoweringDiag::LaunchOutsideMainFile:
    return {DiagnosticsEngine::Error,
            "device-side launch of %0 is spelled in another file than the "
            "code that makes it; run cdp-lower on that file"};
  case LoweringDiag::LaunchInUnselectedHeader:
    return {DiagnosticsEngine::Warning,
            "device-side launch of %0 in header '%1' is left to nvcc: the "
            "tool lowers launches in headers that --header-filter=<regex> "
            "selects"};
  case LoweringDiag::LaunchForOtherArchitecture:
    return {DiagnosticsEngine::Warning,
            "device-side launch in code that the parse for %0 skips is not "
            "lowered; name every GPU architecture of the build "
            "(--cuda-gpu-arch=sm_XY for each) so that each branch is lowered"};
  case LoweringDiag::ParamBufferTooLarge:
    return {DiagnosticsEngine::Error,
            "the parameters of kernel %0 need %1 bytes, but the parameter "
            "buffer of a device-side launch holds at most %2 bytes"};
  case LoweringDiag::NonTrivialCopy:
    return {DiagnosticsEngine::Error,
            "cannot pass an argument of type %0 to a device-side kernel "
            "launch: its %select{copy constructor|move constructor|"
            "destructor}1 is %select{user-provided|not trivial (a member, "
            "base or virtual function makes it so)}2, and the parameter "
            "buffer is filled byte by byte; nvcc refuses it too"};
  case LoweringDiag::UnknowableLayout:
    return {DiagnosticsEngine::Error,
            "cannot lower this launch of %0: parameter '%1' holds "
            "%select{a [[no_unique_address]] member|an over-aligned member of "
            "a packed record}2, and nvcc's front end and its code generator "
            "disagree on the size of such a record (nvcc's own launch of it "
            "is wrong too), so no layout written in source is the one the "
            "child reads; %select{drop the attribute|drop the packing or the "
            "member's alignment}2"};
  case LoweringDiag::MemberDeclaredHere:
    return {DiagnosticsEngine::Note, "member %0 of %1 declared here"};
  case LoweringDiag::DeducedKernelInDependentLaunch:
    return {DiagnosticsEngine::Error,
            "cannot lower this launch: cdp-lower cannot deduce the template "
            "arguments of kernel %0 from these dependent arguments as the "
            "compiler does; name them explicitly (for example '%0<T>')"};
  case LoweringDiag::KernelDeclaredHere:
    return {DiagnosticsEngine::Note, "kernel %0 declared here"};
  case LoweringDiag::ProgrammaticLaunchNotStatement:
    return {DiagnosticsEngine::Error,
            "cannot lower the programmatic dependent launch of %0: it must be "
            "a statement of its own, since it becomes a block that fills a "
            "cudaLaunchConfig_t"};
  case LoweringDiag::ProgrammaticLaunchInMacro:
    return {DiagnosticsEngine::Error,
            "cannot lower the programmatic dependent launch of %0: it must be "
            "written in the main file, outside macros"};
  case LoweringDiag::ProgrammaticMarkerOnDeviceLaunch:
    return {DiagnosticsEngine::Error,
            "a device-side launch of %0 cannot be a programmatic dependent "
            "launch: device launches take no launch attributes; pass the "
            "stream itself"};
  case LoweringDiag::OverlappingRewrites:
    return {DiagnosticsEngine::Error,
            "cannot lower this code: it lies inside text that the lowering of "
            "an enclosing launch replaces whole (a device-side launch in the "
            "arguments of a programmatic dependent launch); move it out of "
            "those arguments"};
  case LoweringDiag::UnwritableParameterType:
    return {DiagnosticsEngine::Error,
            "cannot lower this launch of %0: the type of parameter '%1' is or "
            "holds a lambda or an unnamed class, which the lowered code "
            "cannot write out; pass an object of a named class instead (a "
            "functor struct in place of the lambda)"};
  case LoweringDiag::AggregationRefused:
    return {
        DiagnosticsEngine::Error,
        "cannot aggregate this launch of %0 by %select{warp|block|grid}1: %2"};
  case LoweringDiag::LaunchNotAggregated:
    return {DiagnosticsEngine::Warning,
            "launch of %0 is not aggregated by %select{warp|block|grid}1, only "
            "lowered: %2"};
  case LoweringDiag::AggregationObstacle:
    return {DiagnosticsEngine::Note, "%0"};
  case LoweringDiag::LaunchNotThresholded:
    return {DiagnosticsEngine::Warning,
            "launch of %0 always launches a grid under --threshold, even a "
            "small one: %1"};
  case LoweringDiag::NeedsCpp14:
    return {DiagnosticsEngine::Error,
            "the lowered launches need C++14 or later (cdp/launch.cuh), and "
            "this file is compiled as C++%0; compile it with -std=c++14 or "
            "later (nvcc 13's default is C++17)"};
  case LoweringDiag::NeedsCpp17:
    return {DiagnosticsEngine::Error,
            "this launch, %select{whose kernel type each instantiation "
            "deduces|aggregated|under --threshold}0, needs C++17, and this "
            "file is compiled as C++14; compile it with -std=c++17 or later "
            "(nvcc 13's default)"};
  }
  llvm_unreachable("unknown lowering diagnostic");
}

DiagnosticBuilder report(DiagnosticsEngine &Diags, SourceLocation Loc,
                         LoweringDiag Kind) {
  DiagInfo Info = infoFor(Kind);
  return reportCustom(Diags, Loc, static_cast<DiagnosticIDs::Level>(Info.Level),
                      Info.Format);
}

} // namespace cdp
