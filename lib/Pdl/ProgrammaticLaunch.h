//===- ProgrammaticLaunch.h - Host launches that use PDL --------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Programmatic Dependent Launch (CUDA Programming Guide 4.5) is requested on
// the host in two ways, and both are a ProgrammaticLaunch here:
//  - a `<<<>>>` whose stream is wrapped in a marker of <cdp/pdl.cuh>,
//    `cdp::pdl::streamSerialization(s)` or `cdp::pdl::programmaticEvent(...)`;
//  - a hand-written `cudaLaunchKernelEx(&config, kernel, args...)` in a
//    function that sets cudaLaunchAttributeProgrammaticStreamSerialization or
//    cudaLaunchAttributeProgrammaticEvent.
// The lowering rewrites the first kind; the PDL checks look at both, and at
// the launch before each one in the same stream (its primary).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_PDL_PROGRAMMATICLAUNCH_H
#define CDP_LOWER_PDL_PROGRAMMATICLAUNCH_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
} // namespace clang

namespace cdp {

enum class PdlAttribute {
  /// cudaLaunchAttributeProgrammaticStreamSerialization: this launch is the
  /// secondary of the previous kernel in its stream.
  StreamSerialization,
  /// cudaLaunchAttributeProgrammaticEvent: this launch is a primary whose
  /// event a secondary elsewhere waits for.
  ProgrammaticEvent,
};

/// A `cdp::pdl::` marker call in the stream slot of a `<<<>>>`.
struct PdlMarker {
  const clang::CallExpr *Call;
  PdlAttribute Attribute;
  /// The marker's arguments: the stream, then for programmaticEvent the
  /// event and triggerAtBlockStart (null when defaulted).
  const clang::Expr *Stream;
  const clang::Expr *Event = nullptr;
  const clang::Expr *TriggerAtBlockStart = nullptr;
};

/// The PDL marker in \p Launch's stream argument, if it has one.
std::optional<PdlMarker> pdlMarkerOf(const clang::CUDAKernelCallExpr &Launch);

/// One host-side kernel launch, plain or PDL.
struct HostLaunch {
  const clang::Expr *Site; ///< The CUDAKernelCallExpr or cudaLaunchKernelEx.
  const clang::FunctionDecl *Kernel; ///< Null when it is not known.
  llvm::SmallVector<const clang::Expr *, 8> Args;
  /// The stream's text without any marker ("" for the null stream).
  std::string StreamText;
  std::optional<PdlAttribute> Pdl;
};

/// A PDL launch and the launch before it in the same stream and function.
struct ProgrammaticLaunch {
  HostLaunch Launch;
  std::optional<HostLaunch> Primary;
};

/// Every PDL launch in the user's code (not in system headers), in source
/// order; a launch in a template is found once, in its pattern.
std::vector<ProgrammaticLaunch>
findProgrammaticLaunches(clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_PDL_PROGRAMMATICLAUNCH_H
