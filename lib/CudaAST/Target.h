//===- Target.h - The GPU architecture a parse compiles for -----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The device runtime's rules depend on the architecture: the parameter
// layout, which CDP version is in force, whether griddepcontrol assembles
// and a launch overlaps as PDL. Every part asks here.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_TARGET_H
#define CDP_LOWER_CUDAAST_TARGET_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
} // namespace clang

namespace cdp {

/// The first architecture that runs a launch with the programmatic
/// attributes as a programmatic dependent launch (sm_90).
inline constexpr unsigned FirstPdlSmVersion = 90;

/// The XY of the sm_XY (or sm_XYa) that a device-side parse targets; 90 when
/// the parse is not device-side.
unsigned targetSmVersion(const clang::ASTContext &Context);

/// "sm_90" for 90.
std::string smName(unsigned SmVersion);

/// 90 for "sm_90", "sm_90a" or "sm_100f"'s 100; nothing for another name.
std::optional<unsigned> smVersionOf(llvm::StringRef Name);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_TARGET_H
