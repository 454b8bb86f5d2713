//===- RuntimeCalls.h - CUDA runtime calls ----------------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks look at calls to CUDA runtime functions by name. In device code
// a host-only function (cudaDeviceSynchronize under CDP2, cudaMemcpy, ...)
// has no viable overload, so clang keeps the call only as a RecoveryExpr
// around an UnresolvedLookupExpr; both shapes are a RuntimeCall here.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_RUNTIMECALLS_H
#define CDP_LOWER_CUDAAST_RUNTIMECALLS_H

#include "clang/AST/Expr.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>

namespace cdp {

struct RuntimeCall {
  const clang::Expr *Call; ///< A CallExpr, or the RecoveryExpr clang kept.
  llvm::StringRef Name;    ///< Without the _ptsz/_ptds per-thread suffix.
  llvm::SmallVector<const clang::Expr *, 6> Args;
  /// False when clang found no overload callable here (and said so).
  bool Resolved;
};

/// Adds to \p Finder the matchers of a call to one of \p Names, resolved
/// or not, bound to "call". They are two matchers, one per node kind, so
/// that the finder tries them only on CallExprs and RecoveryExprs rather
/// than on every statement. They match in template instantiations too
/// (isInTemplateInstantiation() would build clang's parent map): the
/// caller decides what to do with those.
void addRuntimeCallMatchers(
    clang::ast_matchers::MatchFinder &Finder,
    llvm::ArrayRef<llvm::StringRef> Names,
    clang::ast_matchers::MatchFinder::MatchCallback *Callback);

/// The call \p E makes to a function of the global namespace, if any.
std::optional<RuntimeCall> asRuntimeCall(const clang::Expr &E);

/// Whether \p E calls cudaGetLastError or cudaPeekAtLastError: reads the
/// thread's last error.
bool readsLastError(const clang::Expr &E);

/// CDP1's device-side wait for a thread's children, which CDP2 removed:
/// what the checks reject, --migrate-cdp1 rewrites and the driver scans for.
constexpr llvm::StringLiteral DeviceSynchronizeName = "cudaDeviceSynchronize";

/// The flags the device runtime requires (driver_types.h defines them as
/// macros, which the AST does not keep): the only kind of stream and of
/// event it makes.
constexpr uint64_t CudaStreamNonBlocking = 0x01;
constexpr uint64_t CudaEventDisableTiming = 0x02;

/// The special stream a constant stream expression names:
/// "cudaStreamTailLaunch", "cudaStreamFireAndForget", or empty.
llvm::StringRef specialStreamName(const clang::Expr &Stream,
                                  const clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_RUNTIMECALLS_H
