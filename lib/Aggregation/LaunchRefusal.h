//===- LaunchRefusal.h - Why a transform leaves a launch alone --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Aggregation and --threshold look at a launch the same way: the launch,
// the function it is written in, its kernel and the edits of the files they
// may change; and they refuse it the same way: one diagnostic at the launch
// that says why (each transform its own), and, where the obstacle is
// elsewhere (a helper that reads blockIdx, a __shared__ variable), a note
// there.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LAUNCHREFUSAL_H
#define CDP_LOWER_AGGREGATION_LAUNCHREFUSAL_H

#include "Aggregation/ChildGridUses.h"
#include "Aggregation/LaunchAsCall.h"
#include "Lowering/LoweringDiagnostics.h"
#include "Lowering/SourceEdits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace cdp {

/// The base of a transform of one launch.
class LaunchRefusal {
public:
  /// The first reason the transform declined with, reported or not, for
  /// --optimize's remark; empty when it did not.
  const std::string &declined() const { return Declined; }

protected:
  LaunchRefusal(const clang::CUDAKernelCallExpr &Launch,
                const clang::FunctionDecl &Enclosing,
                clang::ASTContext &Context,
                llvm::function_ref<SourceEdits *(clang::FileID)> EditsOf)
      : Context(Context), Launch(Launch), Enclosing(Enclosing),
        SM(Context.getSourceManager()), EditsOf(EditsOf),
        Kernel(Launch.getDirectCallee()) {}
  virtual ~LaunchRefusal() = default;

  /// Reports that the launch is left as it is, because \p Why; false.
  bool decline(const std::string &Why) {
    noteDeclined(Why);
    if (!Quiet)
      reportRefusal(Why);
    return false;
  }

  /// The same, with \p Note at \p At, where the obstacle is.
  bool declineWithNote(const std::string &Why, clang::SourceLocation At,
                       const std::string &Note) {
    noteDeclined(Why);
    if (Quiet)
      return false;
    reportRefusal(Why);
    report(Context.getDiagnostics(), At, LoweringDiag::AggregationObstacle)
        << Note;
    return false;
  }

  /// In a template's pattern, a launch that names no kernel yet launches
  /// the kernel its instantiations \p Instances launch
  /// (InstantiatedLaunch.h): Kernel becomes theirs. Where they do not say
  /// which, Kernel stays null and whyNoKernel says why.
  void takeKernelOfInstances(
      llvm::ArrayRef<const clang::CUDAKernelCallExpr *> Instances);

  /// Whether \p Check holds of every kernel the launch launches, with
  /// Kernel set to each in turn: where the instances say which, the kernel
  /// of each (one kernel template's instances may call other functions,
  /// `Settings::index()`, and the copy serves them all), the first last so
  /// that what \p Check keeps is the first's; else Kernel alone. Stops at
  /// the first that fails, Kernel the first again.
  bool ofEveryLaunchedKernel(llvm::function_ref<bool()> Check);

  /// Why a launch that names no kernel (Kernel is null) is left as it is:
  /// it launches through a pointer, or, in a template, a kernel that its
  /// parameters choose and its instances do not say.
  std::string whyNoKernel() const;

  /// The kernel as the launch names it, quoted: in a template whose
  /// instances say which kernel it is, as written (`'child<T>'`), not as
  /// one of the instances.
  std::string kernelAsNamed() const;

  /// The launch's tokens, to rewrite it as a call of a copy of the kernel
  /// (LaunchAsCall.h); nothing when one is in a macro. Where the instances
  /// say which kernel it is, the copy is named with the template's
  /// parameters (`child_coarsened<T>`), not with one instance's arguments.
  std::optional<LaunchAsCall> launchAsCall() const;

  /// Reports the transform's own diagnostic that says \p Why not.
  virtual void reportRefusal(const std::string &Why) = 0;

  /// What a transform that runs a copy of the child's body (ChildCopies.h)
  /// needs of the launch and the child: a named kernel, not launched from
  /// a __host__ __device__ function, whose body is in a file the tool
  /// lowers, and defined in its namespace; a template only when
  /// \p Templates, and then an instance of a function template of a
  /// namespace whose parameters have no defaults. \p Copy names the copy
  /// ("serial run") and \p Transform the transform ("thresholding") in
  /// the reasons. The child's definition (a template's instance), or null
  /// after declining.
  const clang::FunctionDecl *copyableChild(llvm::StringRef Copy,
                                           llvm::StringRef Transform,
                                           bool Templates = false);
  /// Why copyableChild declines; nothing when it does not.
  std::optional<std::string> whyNotCopyable(llvm::StringRef Copy,
                                            llvm::StringRef Transform,
                                            bool Templates) const;

  /// Why \p Definition, the child's, has a parameter that a transform
  /// does not pass on: a function parameter pack (the copies write one
  /// parameter per parameter as written), or a type whose copy is not
  /// trivial, which no
  /// device-side launch may pass (nvcc's rule): left to the lowering, which
  /// reports it. Nothing when it has none. (A reference is passed on: by
  /// its address, as a launch passes it; cdp/launch.cuh's PassedAs and
  /// Address.)
  std::optional<std::string>
  whyParameterNotPassedOn(const clang::FunctionDecl &Definition) const;

  /// Why the launch cannot name the child's \p Copy (`k_aggregated<F>`):
  /// the kernel template's arguments, which the copy's name writes out,
  /// include a type no source can write (a lambda's, or an unnamed
  /// class's). Nothing when they do not. The lowering launches such a kernel
  /// with its arguments' own types (cdp::deducedLaunch).
  std::optional<std::string> whyCopyUnnamable(llvm::StringRef Copy) const;

  /// Declines when the child, through \p Uses, reads its grid's shape
  /// where its copy cannot map it: in a function it calls (the copy would
  /// see \p Seen) or in inline assembly (it would see \p AsmSeen).
  /// \p BlockDimKept: the copy's blocks have the shape of the blocks they
  /// stand for, so a function that reads only blockDim reads the same.
  bool declineShapeReaders(const ChildGridUses &Uses, llvm::StringRef Seen,
                           llvm::StringRef AsmSeen, bool BlockDimKept);

  clang::ASTContext &Context;
  const clang::CUDAKernelCallExpr &Launch;
  /// The function the launch is written in.
  const clang::FunctionDecl &Enclosing;
  const clang::SourceManager &SM;
  /// The edits of a file the transform may change; null for one it must
  /// not.
  llvm::function_ref<SourceEdits *(clang::FileID)> EditsOf;
  /// The kernel, when the launch names one or its instances say which.
  const clang::FunctionDecl *Kernel;
  /// Where the instances say: the kernel each launches (Kernel is the
  /// first), all one kernel or instances of one kernel template; empty
  /// elsewhere.
  llvm::SmallVector<const clang::FunctionDecl *, 2> InstanceKernels;
  /// Where the instances say and the launch leaves the kernel template's
  /// arguments to deduction, them as the template's parameters spell them
  /// (`<T>`); empty elsewhere.
  std::string DeducedArgs;
  /// Refusals go unreported: --optimize tried the transform, the user did
  /// not ask for it.
  bool Quiet = false;

private:
  void noteDeclined(const std::string &Why) {
    if (Declined.empty())
      Declined = Why;
  }

  std::string Declined;
  /// Why the launch's instances do not say which kernel it launches.
  std::string WhyNoInstanceKernel;
};

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHREFUSAL_H
