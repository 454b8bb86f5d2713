//===- LayoutDivergence.h - Layouts that compilers disagree on --*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The child reads its parameters where nvcc's code generator (NVVM) puts
// them. For most types that is where clang and nvcc's front end put them
// too; test/fuzz/layout_fuzz.py measures against the cubin where not:
//
//  * clang differs from nvcc (front end and cubin agree): packed records
//    (nvcc packs non-POD members that clang, like GCC, leaves aligned).
//    nvcc's sizeof and alignof are right, so the runtime, which nvcc
//    compiles, computes such offsets.
//  * nvcc's front end differs from its own code generator: a packed record
//    holding a member whose type is explicitly over-aligned (__align__,
//    alignas, int4 and the other aligned vector types), and a record with a
//    [[no_unique_address]] member (`struct __align__(512) { int; short : 1;
//    [[no_unique_address]] Empty; }` has sizeof 512 and a 516-byte
//    `.param`). The `.param` size in the PTX is not sizeof, so no layout
//    known at the source level, nvcc's own `<<<>>>` included, is right:
//    such a launch is refused.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_PARAMLAYOUT_LAYOUTDIVERGENCE_H
#define CDP_LOWER_PARAMLAYOUT_LAYOUTDIVERGENCE_H

namespace clang {
class ASTContext;
class FieldDecl;
class QualType;
} // namespace clang

namespace cdp {

/// Whether \p Type is or holds (in a member, a base or an array element) a
/// record that clang lays out differently from nvcc.
bool clangLayoutMayDiffer(clang::QualType Type);

/// The first member inside \p Type (or of \p Type itself) that makes its
/// size in the child unknowable at the source level: a [[no_unique_address]]
/// member, or an explicitly over-aligned member of a packed record. Null
/// when there is none.
const clang::FieldDecl *
unknowableLayoutMember(clang::QualType Type, const clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_PARAMLAYOUT_LAYOUTDIVERGENCE_H
