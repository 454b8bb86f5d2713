//===- CooperativeGroups.h - Declarations of cooperative groups -*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// CUDA's <cooperative_groups.h> declares its groups in a versioned
// namespace that is not inline (`cooperative_groups::__v1`, reached by a
// using-directive), so a test of the enclosing namespace alone misses them.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_COOPERATIVEGROUPS_H
#define CDP_LOWER_CUDAAST_COOPERATIVEGROUPS_H

namespace clang {
class Decl;
} // namespace clang

namespace cdp {

/// Whether \p D is declared inside namespace cooperative_groups, at any
/// depth.
bool inCooperativeGroups(const clang::Decl &D);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_COOPERATIVEGROUPS_H
