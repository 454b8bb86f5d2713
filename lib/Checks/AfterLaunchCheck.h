//===- AfterLaunchCheck.h - A parent's code after its launches --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// "All device-side kernel launches are asynchronous with respect to the
// launching thread ... The child grid may begin execution at any time
// after launch" (CDP guide, "Launches are Asynchronous"), and under CDP2
// nothing in the launching thread can wait for it. The parent's code after
// a launch therefore runs while the child may run. The checks that relate
// a launch to that code (a free of what the child was handed, a read of
// what it writes) share what this base finds: the parent's launches, frees,
// reads and waits, whether control can get from a launch to a later
// statement, and where a wait the author wrote was removed by the
// preprocessor (an assert under NDEBUG).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_AFTERLAUNCHCHECK_H
#define CDP_LOWER_CHECKS_AFTERLAUNCHCHECK_H

#include "Checks/Check.h"
#include "Checks/NamedMemory.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>

namespace cdp {

/// A use of memory through a pointer variable in the parent: a free
/// (`free(p)`, `cudaFree(p)`, `delete p`, `delete[] p`) or a read (`p[i]`,
/// `*p`, `p->f`).
struct ParentUse {
  const clang::Expr *Where;
  NamedMemory Memory;
};

/// The launches, uses, waits and changes of pointer variables of one
/// function body (its own code: not its lambdas), in source order.
struct ParentCode {
  llvm::SmallVector<const clang::CUDAKernelCallExpr *, 4> Launches;
  llvm::SmallVector<ParentUse, 4> Frees;
  /// Reads, except in a loop's condition (cdp-spin-on-child's).
  llvm::SmallVector<ParentUse, 8> Reads;
  llvm::SmallVector<const clang::Expr *, 2> Waits;
  /// Where a pointer variable is assigned or has its address taken.
  llvm::SmallVector<std::pair<const clang::VarDecl *, clang::SourceLocation>, 4>
      Changes;
};

class AfterLaunchCheck : public LaunchCheck {
public:
  AfterLaunchCheck(llvm::StringRef Name, CheckContext &Context);
  ~AfterLaunchCheck() override;

protected:
  /// Called once for each function with a launch that does not run on
  /// the host only.
  virtual void checkParent(const clang::FunctionDecl &Parent,
                           const ParentCode &Code) = 0;

  /// The last launch before \p Use that \p Hands accepts, when nothing
  /// between them waits for a child or changes the pointer variable, and
  /// control can get from the launch to \p Use.
  const clang::CUDAKernelCallExpr *launchRunningAt(
      const ParentUse &Use,
      llvm::function_ref<bool(const clang::CUDAKernelCallExpr &)> Hands);

  /// Notes a cudaDeviceSynchronize() written between \p Launch and \p Use
  /// that the preprocessor removed: the wait the author relied on.
  void noteRemovedWait(const clang::CUDAKernelCallExpr &Launch,
                       const ParentUse &Use);

private:
  class Reachability;
  void checkLaunch(const clang::CUDAKernelCallExpr &,
                   const CodeSite &Site) override;
  bool before(clang::SourceLocation A, clang::SourceLocation B) const;

  llvm::DenseSet<const clang::FunctionDecl *> Checked;
  const clang::FunctionDecl *Parent = nullptr;
  const ParentCode *Code = nullptr;
  std::unique_ptr<Reachability> Paths;
};

} // namespace cdp

#endif // CDP_LOWER_CHECKS_AFTERLAUNCHCHECK_H
