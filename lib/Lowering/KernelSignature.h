//===- KernelSignature.h - Parameter types as written -----------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Both lowerings write the kernel's parameter types into the generated code:
// `cdp::DeviceLaunch<void(float *, Pair)>` on the device side, and the
// `static_cast` that picks a deduced template for cudaLaunchKernelEx on the
// host. Some types have no spelling: a lambda's closure type (a kernel
// template called with a lambda) and unnamed classes and enums. clang prints
// those as "(lambda at file:line:col)", which no compiler accepts.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_KERNELSIGNATURE_H
#define CDP_LOWER_LOWERING_KERNELSIGNATURE_H

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class CallExpr;
class DiagnosticsEngine;
class FunctionDecl;
class ParmVarDecl;
class QualType;
} // namespace clang

namespace cdp {

struct ParameterTypes {
  /// The types, comma-separated ("float *, Pair"); empty when one of them
  /// cannot be written.
  std::string Spelling;
  /// The first parameter whose type cannot be written; null when none.
  const clang::ParmVarDecl *Unwritable = nullptr;
};

ParameterTypes spellParameterTypes(const clang::FunctionDecl &Kernel,
                                   const clang::ASTContext &Context);

struct TypeListSpelling {
  /// The types, comma-separated, each `::`-rooted; empty when one of them
  /// cannot be written.
  std::string Spelling;
  /// The index of the first type that cannot be written.
  std::optional<unsigned> Unwritable;
};

TypeListSpelling spellTypes(llvm::ArrayRef<clang::QualType> Types,
                            const clang::ASTContext &Context);

/// \p Type, `::`-rooted, or nothing when it cannot be written.
std::optional<std::string> spellType(clang::QualType Type,
                                     const clang::ASTContext &Context);

/// Whether \p Function is an instance of a template whose arguments include
/// a type that cannot be written (a lambda's closure type, an unnamed
/// class): a name of it or of its copy cannot be written either.
bool instantiatedWithUnwritableType(const clang::FunctionDecl &Function,
                                    const clang::ASTContext &Context);

/// Reports that \p Launch cannot be lowered, at the argument given for
/// \p Unwritable (a parameter of \p Kernel).
void reportUnwritableParameter(const clang::CallExpr &Launch,
                               const clang::FunctionDecl &Kernel,
                               const clang::ParmVarDecl &Unwritable,
                               clang::DiagnosticsEngine &Diags);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_KERNELSIGNATURE_H
