//===- ProgrammaticLaunchLowering.h - Rewrite one PDL launch ----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Rewrites a host-side launch whose stream carries a <cdp/pdl.cuh> marker,
//
//   consumer<<<grid, block, 0, cdp::pdl::streamSerialization(s)>>>(a, b);
//
// into the extensible launch API, one statement per field so that the
// result reads like the guide's example:
//
//   {
//     cudaLaunchConfig_t cdpConfig = {};
//     cdpConfig.gridDim = grid;
//     ...
//     cudaLaunchAttribute cdpAttribute = {};
//     cdpAttribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
//     cdpAttribute.val.programmaticStreamSerializationAllowed = 1;
//     cdpConfig.attrs = &cdpAttribute;
//     cdpConfig.numAttrs = 1;
//     cudaLaunchKernelEx(&cdpConfig, consumer, a, b);
//   }
//
// The configuration is evaluated before the arguments, as for `<<<>>>`, and
// cudaLaunchKernelEx converts each argument to its parameter type as a call
// would. A launch error is left for cudaGetLastError(), as `<<<>>>` leaves it.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_PROGRAMMATICLAUNCHLOWERING_H
#define CDP_LOWER_LOWERING_PROGRAMMATICLAUNCHLOWERING_H

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
} // namespace clang

namespace cdp {

struct PdlMarker;
class SourceEdits;

/// Rewrites \p Launch, marked by \p Marker, through \p Edits, or reports
/// why it cannot and leaves the text alone. Returns true when rewritten.
bool lowerProgrammaticLaunch(const clang::CUDAKernelCallExpr &Launch,
                             const PdlMarker &Marker,
                             clang::ASTContext &Context, SourceEdits &Edits);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_PROGRAMMATICLAUNCHLOWERING_H
