//===- InstantiatedLaunch.h - What a template's launch launches -*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A kernel template that launches itself names its instance through its
// own parameters, as NVIDIA's quadtree sample does:
//
//   template <int Threads> __global__ void build(Node *nodes, ...) {
//     ...
//     build<Threads><<<4, Threads, smem>>>(children, ...);
//   }
//
// In the template as written the launch names no kernel yet; the lowering
// rewrites that text once for every instance. Aggregation can too, from
// the instances the file makes: where each of them launches an instance
// of one kernel template, named with its template's arguments written
// out, the aggregated copy of that template launched with the same
// arguments (`build_aggregated<Threads>`) is what each instance needs.
// --threshold's serial copy is named the same way (`expand_serial<0,
// Settings>` in dragon_li's class template).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_INSTANTIATEDLAUNCH_H
#define CDP_LOWER_AGGREGATION_INSTANTIATEDLAUNCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <string>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class FunctionDecl;
} // namespace clang

namespace cdp {

/// What a launch in a template launches in the template's instances.
struct KernelOfInstances {
  /// The kernel each instance launches, one for each: all one kernel, or
  /// instances of one kernel template.
  llvm::SmallVector<const clang::FunctionDecl *, 2> Kernels;
  /// Where the launch leaves the kernel template's arguments to
  /// deduction, them as the template's parameters spell them (`<T>`),
  /// for the copy's name (`fill_aggregated<T>`, `fill_serial<0, T>`); empty
  /// where they are written.
  std::string DeducedArgs;
};

/// What \p Launch, written in the pattern \p Enclosing (a function
/// template's, or a class template member's) and naming no kernel there (it
/// depends on the template's parameters), launches in \p Instances, its
/// instantiations in the file (KernelDeduction.h). An error that says why not,
/// in the words of a refusal's reason: \p Enclosing is in no template, the file
/// makes no instance, an instance launches through a pointer or another kernel,
/// or the launch names the kernel by a name that one copy could not be named by
/// (an overload set, a dependent scope, arguments that cannot be deduced as
/// written).
llvm::Expected<KernelOfInstances>
kernelOfInstances(const clang::CUDAKernelCallExpr &Launch,
                  const clang::FunctionDecl &Enclosing,
                  llvm::ArrayRef<const clang::CUDAKernelCallExpr *> Instances,
                  const clang::ASTContext &Context);

/// The kernels \p Launch launches: the one it names, or, naming none in a
/// template's pattern, those its \p Instances launch, each once (none
/// through a pointer). What --optimize reads of a launch's children
/// (LaunchChoice.h), where kernelOfInstances asks one copy to serve all.
llvm::SmallVector<const clang::FunctionDecl *, 2>
launchedKernels(const clang::CUDAKernelCallExpr &Launch,
                llvm::ArrayRef<const clang::CUDAKernelCallExpr *> Instances);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_INSTANTIATEDLAUNCH_H
