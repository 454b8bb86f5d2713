//===- TrivialCopy.h - Can an argument go into the buffer? ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A device-side launch copies each argument into the parameter buffer byte
// by byte, so no copy constructor, move constructor or destructor runs. nvcc
// refuses an argument type for which one of them would have done something:
// this is the same rule, on clang's view of the type.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_TRIVIALCOPY_H
#define CDP_LOWER_LOWERING_TRIVIALCOPY_H

#include "clang/AST/Type.h"

#include <optional>

namespace cdp {

/// Why a byte-wise copy would skip code.
struct NonTrivialCopy {
  enum SpecialMember { CopyConstructor, MoveConstructor, Destructor };
  SpecialMember Member;
  /// The type declares that member itself (rather than inheriting the
  /// non-triviality from a member, a base or a virtual function).
  bool UserProvided;
};

/// What stops \p Type from being passed to a device-side launch, if
/// anything. Only class types (and arrays of them) can be stopped.
std::optional<NonTrivialCopy> nonTrivialCopyOf(clang::QualType Type);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_TRIVIALCOPY_H
