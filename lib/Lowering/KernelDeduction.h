//===- KernelDeduction.h - A launch's kernel template arguments -*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// In a template, `child<<<1, 1>>>(data)` with `T *data` and
//
//   template <class U> __global__ void child(U *);
//
// names no kernel until the template is instantiated: the call deduces U.
// The lowered launch must name the kernel (`cdp::DeviceLaunch(child<T>,
// ...)`), so the tool deduces U as the call would, in terms of the
// template's own parameters, for the forms a kernel's parameters take in
// practice: `U`, `U *`, `const U *`, `U &`, `const U &`, `U &&`,
// `Box<U, 4>`, `Tmpl<U, N>` (a template template parameter `Tmpl` and a
// non-type parameter `N` of the kernel, as a recursive kernel of a
// template template parameter relaunches itself), and a parameter pack
// `Us...` fed by single arguments or by a pack expansion (`values...`
// gives `Us = Ts...`). Anything else is not deduced, and the launch is
// refused as before.
//
// Each deduction is checked against every instantiation of the launch in
// the translation unit: the same rule applied to the instantiated argument
// types must give exactly the template arguments clang chose.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_KERNELDEDUCTION_H
#define CDP_LOWER_LOWERING_KERNELDEDUCTION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include "clang/Basic/SourceLocation.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionTemplateDecl;
class NamedDecl;
class UnresolvedLookupExpr;
} // namespace clang

namespace cdp {

/// The instantiations of each launch written in a template, by the
/// location of its `<<<` (an instantiation keeps the pattern's locations).
using InstantiatedLaunches =
    llvm::DenseMap<clang::SourceLocation,
                   llvm::SmallVector<const clang::CUDAKernelCallExpr *, 2>>;

/// Every non-dependent launch of the translation unit, instantiations
/// included, outside system headers.
InstantiatedLaunches findInstantiatedLaunches(clang::ASTContext &Context);

/// The kernel a dependent launch names once its template arguments are
/// spelled: `child<T>` for `child<<<...>>>(data)`.
struct DeducedKernel {
  const clang::FunctionTemplateDecl *Template = nullptr;
  /// The callee as the lowered launch writes it: its written name (and
  /// qualifier), then every template argument.
  std::string Spelling;
  /// Its template arguments alone: `<T, 4>`.
  std::string Arguments;
  /// Whether any template argument was deduced (else all were written).
  bool DeducedAny = false;
};

/// Deduces the template arguments of the single kernel template that
/// \p Callee names, from the written arguments of \p Launch (a dependent
/// launch in a template pattern), and checks the result against
/// \p Instances, the launch's instantiations. Nothing when the callee is
/// not one template, a form is not covered, or an instantiation disagrees.
/// Whether the template parameter \p Param has a default argument.
bool hasDefaultArgument(const clang::NamedDecl &Param);

std::optional<DeducedKernel> deduceDependentKernel(
    const clang::CUDAKernelCallExpr &Launch,
    const clang::UnresolvedLookupExpr &Callee,
    llvm::ArrayRef<const clang::CUDAKernelCallExpr *> Instances,
    const clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_KERNELDEDUCTION_H
