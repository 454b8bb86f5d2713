//===- IndexGuard.h - The threads a child returns from at once --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Most kernels begin by sending home the threads that rounding the grid up
// left over:
//
//   int e = blockIdx.x * blockDim.x + threadIdx.x;
//   if (e >= degree)
//     return;
//
// (or wrap the rest of their body in `if (e < degree) { ... }`). A serial
// run of a one-dimensional grid (--threshold) then runs only the first
// `degree` threads: the others would do nothing. For children of a few
// active threads in a grid rounded up to 32, that is the difference
// between a turn of the warp per child and many children per turn.
//
// Skipping a thread keeps what the program may observe when nothing before
// the guard has an effect (declarations whose initializers are readable
// twice, ReadableTwice.h) and the bound reads only the child's parameters,
// globals and constants: then every thread computes the same bound, and
// the serial run may compute it once, before any thread runs, as a grid
// whose threads all test their guard first would.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_INDEXGUARD_H
#define CDP_LOWER_AGGREGATION_INDEXGUARD_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
} // namespace clang

namespace cdp {

/// The bound on the x index (blockIdx.x * blockDim.x + threadIdx.x) below
/// which \p Child's threads do anything, as the text of an expression in
/// its parameters of the type the guard compares in; none when its body
/// does not begin with such a guard, or its bound cannot be read there.
std::optional<std::string> indexGuardBound(const clang::FunctionDecl &Child,
                                           clang::ASTContext &Context);

/// A member of a CUDA index variable: threadIdx and 1 for `threadIdx.y`.
struct IndexMember {
  llvm::StringRef Variable;
  unsigned Component; ///< 0, 1, 2 for x, y, z.
};

/// The member of a CUDA index variable that \p E reads, if it reads one.
std::optional<IndexMember> indexMemberOf(const clang::Expr *E);

/// Whether \p E is the x index, `blockIdx.x * blockDim.x + threadIdx.x`,
/// in any order and through conversions to integers of 32 bits or more.
bool isXIndex(const clang::Expr *E, const clang::ASTContext &Context);

/// The CUDA index variable whose member x \p E reads (blockIdx for
/// `blockIdx.x`), or "".
llvm::StringRef xMemberOf(const clang::Expr *E);

/// The component of threadIdx that the test \p Test, when true, says is 0:
/// `threadIdx.c == 0`, `0 == threadIdx.c` or `!threadIdx.c`, with the
/// member an operand stands for read by \p MemberOf (which may see through
/// copies of it); none for any other test (a conjunction included).
std::optional<unsigned> threadIndexTestedZero(
    const clang::Expr &Test, const clang::ASTContext &Context,
    llvm::function_ref<std::optional<IndexMember>(const clang::Expr *)>
        MemberOf = indexMemberOf);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_INDEXGUARD_H
