//===- DefaultArgument.h - A kernel's default argument at a launch -*- C++
//-*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A launch that leaves an argument to the kernel's default is written out
// as a call of the runtime, which takes every argument: the default moves
// from the kernel's declaration to the launch. Copied as written, it may
// name what the launch cannot see: a constant of the kernel's namespace
// (`int scale = kScale` in `namespace work`), or the kernel template's own
// parameter (`int width = N`). Where the default is a constant of a scalar
// type, its value is written instead, which means the same anywhere.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_DEFAULTARGUMENT_H
#define CDP_LOWER_LOWERING_DEFAULTARGUMENT_H

#include <string>

namespace clang {
class ASTContext;
class CXXDefaultArgExpr;
class ParmVarDecl;
} // namespace clang

namespace cdp {

/// The text that passes \p Default (a launch's use of its kernel's default
/// argument) at the launch: as written where it is a literal, else its
/// value where it is a constant of an integral, enumeration, floating or
/// null pointer type, else as written.
std::string defaultArgumentText(const clang::CXXDefaultArgExpr &Default,
                                const clang::ASTContext &Context);

/// The same for \p Param's default argument where no launch instantiates
/// it (in a template's pattern): as written, or its value where it is a
/// constant that depends on nothing.
std::string defaultArgumentText(const clang::ParmVarDecl &Param,
                                const clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_DEFAULTARGUMENT_H
