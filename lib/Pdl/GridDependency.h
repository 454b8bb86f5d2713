//===- GridDependency.h - Where a kernel waits for its primary --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The PDL checks ask path questions about one kernel body: can the exit, or
// a load of global memory, be reached without passing
// cudaGridDependencySynchronize()? can a store be reached after
// cudaTriggerProgrammaticLaunchCompletion()? The answers come from clang's
// CFG of the body, so every branch, loop, early return and short-circuit
// counts, and a path is given back as the branches it takes, for notes.
//
// A call counts as the synchronize (or the trigger) when it is the runtime
// function, inline PTX `griddepcontrol.wait` (`.launch_dependents`), or a
// call to a device function whose body contains one (a wrapper such as
// CUTLASS's wait_on_dependent_grids()).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_PDL_GRIDDEPENDENCY_H
#define CDP_LOWER_PDL_GRIDDEPENDENCY_H

#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>

namespace clang {
class ASTContext;
class CFG;
class FunctionDecl;
} // namespace clang

namespace cdp {

enum class GridControl { Wait, LaunchDependents };

/// True when \p S (a call or an asm statement) performs \p Control.
bool performsGridControl(const clang::Stmt &S, GridControl Control);

/// One branch of a path: the condition and the way taken.
struct PathBranch {
  const clang::Stmt *Condition;
  bool Taken;
};

/// A path through the body: its branches and, when it leaves early, the
/// return statement.
struct BodyPath {
  llvm::SmallVector<PathBranch, 4> Branches;
  const clang::Stmt *Return = nullptr;
};

/// A load or store of memory the primary may write: through a pointer
/// parameter of the kernel (or a local pointer initialized from one, or a
/// pointer field of a by-value parameter) or a `__device__` variable.
struct GlobalAccess {
  const clang::Expr *Access;
  /// The parameter or `__device__` variable the memory is reached through.
  const clang::ValueDecl *Source;
  /// Loaded by __ldg() and friends (read-only data cache).
  bool ThroughLdg = false;
};

class GridDependencyAnalysis {
public:
  GridDependencyAnalysis(const clang::FunctionDecl &Kernel,
                         clang::ASTContext &Context);
  ~GridDependencyAnalysis();

  /// False when the body could not be analysed (no body, no CFG).
  bool valid() const { return Graph != nullptr; }

  /// Whether the body performs \p Control anywhere.
  bool performs(GridControl Control) const;

  /// A path from the entry to the exit that never waits, if there is one.
  std::optional<BodyPath> pathWithoutWait() const;

  struct AccessOnPath {
    GlobalAccess Access;
    BodyPath Path;
  };
  /// The first load, in source order, that some path reaches before
  /// waiting, with that path.
  std::optional<AccessOnPath> firstLoadBeforeWait() const;

  /// Every load reached only after waiting.
  llvm::SmallVector<GlobalAccess, 4> loadsAfterWait() const;

  /// Every store that some path reaches after the trigger.
  llvm::SmallVector<GlobalAccess, 4> storesAfterTrigger() const;

  /// Every load of global memory, anywhere in the body.
  llvm::SmallVector<GlobalAccess, 8> allLoads() const;

private:
  struct Impl;
  std::unique_ptr<clang::CFG> Graph;
  std::unique_ptr<Impl> State;
};

} // namespace cdp

#endif // CDP_LOWER_PDL_GRIDDEPENDENCY_H
