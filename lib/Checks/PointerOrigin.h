//===- PointerOrigin.h - Where a pointer points -----------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A conservative, flow-insensitive look at one function: a pointer is known
// to point to local memory when it is the address of a local variable (or of
// a member or element of one, or of a by-value parameter), a local array
// that decays, or a local pointer variable to which such a value was
// assigned earlier in the function; likewise for __shared__ variables. Every
// other pointer (a parameter, a load, a call result) has an unknown space
// and is never reported.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_POINTERORIGIN_H
#define CDP_LOWER_CHECKS_POINTERORIGIN_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <utility>

namespace cdp {

enum class MemorySpace { Local, Shared };

struct PointerOrigin {
  MemorySpace Space;
  /// The local, parameter or __shared__ variable pointed into.
  const clang::VarDecl *Object;
};

class PointerOriginAnalysis {
public:
  /// Records the assignments to local pointers in \p Body.
  PointerOriginAnalysis(const clang::Stmt &Body, clang::ASTContext &Context);

  /// Where \p Pointer points, when that is known to be local or shared
  /// memory; only assignments written before \p Use count.
  std::optional<PointerOrigin> originOf(const clang::Expr &Pointer,
                                        clang::SourceLocation Use) const;

  /// Where the object \p LValue names lives, when that is local or shared
  /// memory: what a reference parameter bound to it is handed.
  std::optional<PointerOrigin> objectOriginOf(const clang::Expr &LValue,
                                              clang::SourceLocation Use) const {
    return objectOf(LValue, Use, 0);
  }

  /// The pointer fields of a struct passed by value, with their origins.
  struct FieldOrigin {
    const clang::FieldDecl *Field;
    PointerOrigin Origin;
  };
  llvm::SmallVector<FieldOrigin, 2>
  fieldOriginsOf(const clang::Expr &Record, clang::SourceLocation Use) const;

private:
  /// A local variable, or one field of a local struct variable.
  using Slot = std::pair<const clang::VarDecl *, const clang::FieldDecl *>;
  void recordStore(const clang::Expr &Target, const clang::Expr &Value);
  void recordInit(const clang::VarDecl &Var);
  std::optional<Slot> slotOf(const clang::Expr &Target) const;
  std::optional<PointerOrigin> originOfSlot(Slot S, clang::SourceLocation Use,
                                            unsigned Depth) const;
  std::optional<PointerOrigin> originOf(const clang::Expr &Pointer,
                                        clang::SourceLocation Use,
                                        unsigned Depth) const;
  std::optional<PointerOrigin> objectOf(const clang::Expr &LValue,
                                        clang::SourceLocation Use,
                                        unsigned Depth) const;

  clang::ASTContext &Context;
  llvm::DenseMap<Slot, llvm::SmallVector<const clang::Expr *, 2>> Stores;
};

} // namespace cdp

#endif // CDP_LOWER_CHECKS_POINTERORIGIN_H
