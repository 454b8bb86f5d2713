//===- StatementSlot.h - Where a launch stands ------------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Rewrites that put statements where a launch was (the #if branches of a
// launch in a __host__ __device__ function, --threshold's choice between
// the serial run and the launch) need the launch to be a statement of its
// own: `child<<<1, 1>>>(p);` in a block or as the body of an if or a loop,
// not part of a larger expression.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_STATEMENTSLOT_H
#define CDP_LOWER_LOWERING_STATEMENTSLOT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace cdp {

/// The statement of \p Enclosing's body that holds \p E (under any
/// ExprWithCleanups) as a statement of its own: a block, a label, a case,
/// an attributed statement, or an if or loop whose branch or body it is.
/// Null when \p E is part of something else, or not in the body.
const clang::Stmt *statementSlotOf(const clang::FunctionDecl &Enclosing,
                                   clang::ASTContext &Context,
                                   const clang::Expr &E);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_STATEMENTSLOT_H
