//===- ReadableTwice.h - Expressions evaluated again ------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --threshold reads a launch's grid and block once to choose, and the
// launch (or the serial run) reads them again; a serial run reads a
// child's bound on its threads once for all of them (IndexGuard.h). Both
// are right only for an expression that changes nothing when evaluated:
// no assignment, increment or volatile access, and calls only of
// functions that change nothing.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_READABLETWICE_H
#define CDP_LOWER_AGGREGATION_READABLETWICE_H

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace cdp {

/// Whether evaluating \p E twice does what evaluating it once does. Calls
/// may be of functions and constructors that are constexpr and modify
/// nothing (dim3's), of the CUDA math API's functions of values (`ceil`,
/// `min`), and of functions whose body returns such an expression
/// (`graph.degree(v)`, an accessor); reads of memory may be made.
bool readableTwice(const clang::Expr &E, const clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_READABLETWICE_H
