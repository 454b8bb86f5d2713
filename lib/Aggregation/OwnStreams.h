//===- OwnStreams.h - A launch into its thread's own stream ----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Much CDP code written for CDP1 gives each thread streams of its own, so
// that the launches of a block's threads do not wait for each other in
// the block's null stream:
//
//   cudaStream_t s[4];
//   for (int i = 0; i < 4; ++i)
//     cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking);
//   if (tid < n && degree >= THRESHOLD)
//     child<<<1, 64, 0, s[threadIdx.x % 4]>>>(...);
//
// Launches into one stream run one after another, which aggregation and
// serial runs would not keep; but a stream that only its creating thread
// launches into, once, orders nothing: its grid may run whenever a
// cudaStreamFireAndForget grid may. Such launches are taken as
// fire-and-forget ones (a public benchmark suite of CDP graph codes
// launches only so).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_OWNSTREAMS_H
#define CDP_LOWER_AGGREGATION_OWNSTREAMS_H

#include "llvm/ADT/SmallVector.h"

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace cdp {

/// Whether \p Launch, written in \p Enclosing, is the one launch into a
/// stream that the launching thread made for it: its stream is a local
/// `cudaStream_t` of \p Enclosing, or an element of a local array of them,
/// which \p Enclosing only creates non-blocking
/// (`cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking)`), destroys, and
/// launches into at \p Launch alone; and \p Launch is in no loop (nor
/// \p Enclosing has a goto), so that each stream gets at most one grid.
bool launchesOnceIntoOwnStream(const clang::CUDAKernelCallExpr &Launch,
                               const clang::FunctionDecl &Enclosing,
                               clang::ASTContext &Context);

/// Once \p Launch (for which launchesOnceIntoOwnStream holds) names
/// cudaStreamFireAndForget instead of its stream, the statements of
/// \p Enclosing that only make and destroy that stream are dead: the
/// stream's declaration, its creations (a loop that only creates them, whole)
/// and its destructions. Each is a statement of a compound statement,
/// outside any macro. Empty where one of them is not (a creation whose
/// result is tested, a loop that does more), so that all of them go or
/// none; and in a template, whose instantiations share its text.
llvm::SmallVector<const clang::Stmt *, 4>
deadOwnStreamStatements(const clang::CUDAKernelCallExpr &Launch,
                        const clang::FunctionDecl &Enclosing,
                        clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_OWNSTREAMS_H
