//===- OverloadedKernel.h - The overload a dependent launch calls -*- C++ -*-=//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// In a template, `sort<K><<<g, b>>>(bins, n, keys, offsets, out)` may name
// several kernels, overloads of one name (LHCb Allen's segmented sort
// declares each of its register sorts twice: with and without a
// permutation output). The compiler picks one at each instantiation. The
// lowered launch must pick it too, and `cdp::DeviceLaunch(sort<K>, ...)`
// cannot: an overload set deduces nothing. So the lowering writes the
// kernel's type, `cdp::DeviceLaunch<void(const unsigned *, unsigned,
// const K *, ...)>(sort<K>, ...)`, which picks the overload by its type,
// as a cast would.
//
// The overload is the one every instantiation of the launch in the file
// calls; in a template never instantiated, the only one whose parameters
// can take the written arguments. Its parameter types are written in the
// launching template's terms: a kernel template's own parameters replaced
// by the template arguments written at the launch. The replacement is
// checked against each instantiation.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_OVERLOADEDKERNEL_H
#define CDP_LOWER_LOWERING_OVERLOADEDKERNEL_H

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <variant>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
class UnresolvedLookupExpr;
} // namespace clang

namespace cdp {

/// The overload a dependent launch calls, and the type that picks it.
struct ChosenOverload {
  /// The overload; a template's pattern for a kernel template.
  const clang::FunctionDecl *Kernel = nullptr;
  /// `void(const unsigned *, K *)`, in the launching template's terms.
  std::string Type;
};

/// Why no overload could be chosen (the %select of the diagnostic).
enum class OverloadFailure {
  /// No instantiation in the file, and more than one overload takes the
  /// written arguments.
  Unknown,
  /// The instantiations call different overloads.
  Disagreeing,
  /// The overload's parameter types cannot be written in the launching
  /// template's terms (a template argument left to deduction or to a
  /// default, a parameter pack, a type built from a template's parameters
  /// other than by pointers, references and qualifiers).
  Unwritable,
};

/// Whether \p Callee, a dependent launch's callee, names more than one
/// kernel.
bool namesOverloads(const clang::UnresolvedLookupExpr &Callee);

/// The overload among those \p Callee names that \p Launch calls, checked
/// against \p Instances, the launch's instantiations in the file.
std::variant<ChosenOverload, OverloadFailure>
chooseOverload(const clang::CUDAKernelCallExpr &Launch,
               const clang::UnresolvedLookupExpr &Callee,
               llvm::ArrayRef<const clang::CUDAKernelCallExpr *> Instances,
               clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_OVERLOADEDKERNEL_H
