//===- LaunchAggregation.h - Aggregate device-side launches -----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `cdp-lower --aggregate=warp|block|grid`, or a marker in the launch's stream
// (`cdp::aggregate::warp(s)`, <cdp/aggregate.cuh>), turns the launches of
// one site by many threads into few launches of a copy of the child:
//
//   child<<<g, b, 0, cudaStreamFireAndForget>>>(p, n);
//
// becomes, by warp,
//
//   cdp::aggregated::byWarp(child_aggregated, {g, b, 0,
//                           cudaStreamFireAndForget}, p, n);
//
// or, by block, `cdp_child_block_launches.launch({g, b, 0, ...}, p, n);`
// with `cdp::aggregated::BlockScope<child_aggregated>
// cdp_child_block_launches;` at the top of the launching kernel (by grid,
// a GridScope). `child_aggregated` (AggregatedKernel.h) is
// written beside `child`, which is left as it was.
//
// Only launches whose aggregation keeps what the program can observe are
// rewritten (docs/aggregation.md); any other is reported with the
// reason: an error where a marker asked for it, a warning under the option
// (and lowered as usual).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LAUNCHAGGREGATION_H
#define CDP_LOWER_AGGREGATION_LAUNCHAGGREGATION_H

#include "Lowering/KernelDeduction.h"
#include "Lowering/SourceEdits.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace clang {
class ASTContext;
class CUDAKernelCallExpr;
class Expr;
} // namespace clang

namespace cdp {

enum class AggregationGranularity { None, Warp, Block, Group, Grid };

/// The blocks of a group (--aggregate=group): consecutive blocks of the
/// launching grid whose launches are made as one when the last of them
/// ends.
constexpr unsigned GroupBlocks = 4;

/// The children whose launches the user declares independent of the order
/// of their stream (`--aggregate-unordered`, or `Aggregation: Unordered:`
/// in the `.cdp-lower` file): a child grid of theirs neither waits for nor
/// is waited on by another launch of that stream, so their launches into
/// any stream may be aggregated under the option, as a marker would allow.
struct UnorderedChildren {
  /// Every child.
  bool All = false;
  /// By name: `child` names every kernel of that name, `work::child` the
  /// one in that namespace.
  std::vector<std::string> Names;

  bool contains(const clang::FunctionDecl &Kernel) const;
  /// Adds \p List, comma-separated names or `all`.
  void add(llvm::StringRef List);
  void add(const UnorderedChildren &Other);
};

struct AggregationOptions {
  AggregationGranularity Granularity = AggregationGranularity::None;
  UnorderedChildren Unordered;
  /// A launch the option leaves as it is goes unreported (--optimize's
  /// choice); a marker's refusal is an error all the same.
  bool Quiet = false;
  /// Under --runtime-checks: the aggregated launch names its site, and on
  /// the GPU a launch whose pointer arguments the child may not use is
  /// reported and skipped, as a lowered one is (`byWarp(CDP_LAUNCH_SITE(
  /// "f.cu", 12, "child"), child_aggregated, {...}, ...)`).
  bool RuntimeChecks = false;
};

/// A kernel that gets an aggregated copy.
struct AggregatedChild {
  /// The aggregated launch that comes first in the file.
  clang::SourceLocation FirstLaunch;
  /// An instantiation launched has barriers or warp collectives, or calls
  /// a function that reads blockDim (found in its instantiated body: a
  /// template's pattern may hide them in dependent calls): its copy takes
  /// batches of one block shape.
  bool OneShape = false;
};

/// What aggregating a file's launches leaves for the end, when the
/// aggregated kernels are written (their bodies copied as lowered).
struct AggregationState {
  /// By the declaration the copy is written from (a template's pattern).
  llvm::MapVector<const clang::FunctionDecl *, AggregatedChild> Children;
  /// Each (launching kernel, child) pair aggregated by block, group or
  /// grid: the kernel declares the child's BlockScope, GroupScope or
  /// GridScope. With the child's name
  /// as the launch wrote it (`work::child`), which names it there.
  struct Scope {
    const clang::FunctionDecl *Kernel;
    const clang::FunctionDecl *Child;
    AggregationGranularity Granularity;
    /// The aggregated kernel as the launch names it: in a template,
    /// `child<T>` and `child<int>` launch one child in some instances and
    /// two in others.
    std::string Aggregated;
    bool operator<(const Scope &Other) const {
      return std::tie(Kernel, Child, Granularity, Aggregated) <
             std::tie(Other.Kernel, Other.Child, Other.Granularity,
                      Other.Aggregated);
    }
  };
  struct ScopeSpelling {
    /// The aggregated kernel as the launch names it: `child_aggregated<T>`.
    std::string Kernel;
    /// The scope's variable: `cdp_child_block_launches`.
    std::string Variable;
    /// The child as the launch names it, quoted, for the scope's comment:
    /// `'child<float>'`, or in a template `'child<T>'`.
    std::string Named;
    /// In a template, its number among the kernel's scopes of children of
    /// its name, 1 for the first; 1 elsewhere. The runtime keeps apart by
    /// it scopes that an instance makes of one type
    /// (`BlockScope<child_aggregated<int>, 2>` beside `child_aggregated<T>`).
    unsigned Copy = 1;
  };
  std::map<Scope, ScopeSpelling> Scopes;
  /// Files with an aggregated launch: they include <cdp/aggregate.cuh>.
  llvm::DenseSet<clang::FileID> UseRuntime;
};

enum class AggregationOutcome {
  /// Rewritten here.
  Aggregated,
  /// Not asked for, or not eligible under the option (warned): lower it as
  /// usual.
  NotAggregated,
  /// A marker asked for it and it is not eligible (an error).
  Refused,
};

/// Aggregates \p Launch, made in \p Enclosing, when its marker or \p Options
/// ask for it and it is eligible. \p EditsOf gives the edits of a file the
/// lowering changes (null for one it must not). Where it was asked for and
/// declined, \p Declined gets the first reason, reported or not (for
/// --optimize's remark).
AggregationOutcome
aggregateLaunch(const clang::CUDAKernelCallExpr &Launch,
                const clang::FunctionDecl &Enclosing,
                clang::ASTContext &Context, const AggregationOptions &Options,
                llvm::function_ref<SourceEdits *(clang::FileID)> EditsOf,
                AggregationState &State,
                llvm::ArrayRef<const clang::CUDAKernelCallExpr *> Instances,
                std::string *Declined = nullptr);

/// The launch's stream operand (the last of the configuration); null when
/// it has none.
const clang::Expr *streamOf(const clang::CUDAKernelCallExpr &Launch);

/// The launch's configuration operand \p Index: grid (0), block (1),
/// shared memory (2), stream (3). In device code the configuration is a
/// call of cudaLaunchDevice whose last four arguments they are; one omitted
/// is a literal at the `<<<`.
const clang::Expr *configOperand(const clang::CUDAKernelCallExpr &Launch,
                                 unsigned Index);

/// The device runtime's reserved stream handles.
enum class ReservedStream { TailLaunch = 3, FireAndForget = 4 };

/// Whether \p Stream is the reserved stream \p Which
/// (`cudaStreamTailLaunch`, `cudaStreamFireAndForget`).
bool isReservedStream(const clang::Expr *Stream, ReservedStream Which,
                      const clang::ASTContext &Context);

/// Whether \p Stream is the launching block's null stream: omitted (null),
/// or written 0 or as a null pointer constant.
bool isNullStream(const clang::Expr *Stream, clang::ASTContext &Context);

/// The first launch written in \p Child's body into its null stream
/// (isNullStream); null when there is none, or no body is seen. Such
/// grids are ordered by the launching block of \p Child: in a serial run
/// (--threshold) that block is the launching warp's, and the grids of
/// all the lanes' runs would run one after another.
const clang::CUDAKernelCallExpr *
launchIntoNullStream(const clang::FunctionDecl *Child,
                     clang::ASTContext &Context);

/// Whether \p Stream is cudaStreamFireAndForget.
inline bool isFireAndForget(const clang::Expr *Stream,
                            const clang::ASTContext &Context) {
  return isReservedStream(Stream, ReservedStream::FireAndForget, Context);
}

/// The variable of the scope that collects \p Child's launches in a kernel:
/// `cdp_child_block_launches`.
std::string scopeName(const clang::FunctionDecl &Child,
                      AggregationGranularity Granularity);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHAGGREGATION_H
