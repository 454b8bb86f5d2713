//===- NamedMemory.h - The memory an expression names -----------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The checks that relate a launch to the parent's code after it (a loop
// that waits for the child, a free of what the child was handed) ask the
// same question of an expression: which variable's memory does it name?
// The answer is syntactic and shallow on purpose: `p`, `p + i`, `&p[i]`,
// `p->f` all name what the pointer variable `p` points to; anything read
// through another load names nothing.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_NAMEDMEMORY_H
#define CDP_LOWER_CHECKS_NAMEDMEMORY_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>

namespace cdp {

/// Memory named by a variable: the object itself (a global), or what a
/// pointer variable points to.
struct NamedMemory {
  const clang::VarDecl *Var;
  bool ThroughPointer;
  bool operator==(const NamedMemory &Other) const {
    return Var == Other.Var && ThroughPointer == Other.ThroughPointer;
  }
};

/// The memory \p Pointer points into: `p`, `p + i`, `&p[i]`, `&global`.
std::optional<NamedMemory> pointeeOf(const clang::Expr &Pointer);

/// The memory the l-value \p LValue names: `*p`, `p[i]`, `p->f`, `global`.
std::optional<NamedMemory> objectOf(const clang::Expr &LValue);

} // namespace cdp

#endif // CDP_LOWER_CHECKS_NAMEDMEMORY_H
