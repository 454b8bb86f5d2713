//===- ChildWrites.h - Where a kernel writes through a parameter -*- C++
//-*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Whether a child kernel writes the memory a pointer argument hands it, so
// that a parent that reads that memory after the launch reads what the
// child may be writing. The look is syntactic, as NamedMemory's: a store
// through the parameter or through a local pointer initialized from it,
// ++/--, an atomic, a device-side memcpy/memset into it, or a call of a
// function (with a body, a few calls deep) that writes through the
// parameter it is passed. A write through a copy kept elsewhere is missed.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_CHILDWRITES_H
#define CDP_LOWER_CHECKS_CHILDWRITES_H

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceLocation.h"

namespace cdp {

/// Where \p Function's body first writes through its parameter \p Index;
/// invalid when it does not, or has no body.
clang::SourceLocation firstWriteThrough(const clang::FunctionDecl &Function,
                                        unsigned Index);

} // namespace cdp

#endif // CDP_LOWER_CHECKS_CHILDWRITES_H
