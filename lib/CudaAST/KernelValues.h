//===- KernelValues.h - Values a continuation recomputes --------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A continuation kernel runs in a later grid. A value of the parent that it
// needs either travels as a parameter, or is computed again: that is right
// only for a value that is a pure function of the parameters (unchanged),
// the thread's indices and constants, which this answers. Aggregation and
// serial runs ask the same of a launch's arguments and index guards.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_KERNELVALUES_H
#define CDP_LOWER_CUDAAST_KERNELVALUES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseSet.h"

namespace cdp {

/// The CUDA index variable (threadIdx, blockIdx, blockDim, gridDim) that
/// \p E reads a member of, or "".
llvm::StringRef indexVariableRead(const clang::Expr &E);

class KernelValues {
public:
  explicit KernelValues(const clang::FunctionDecl &Kernel);

  /// True when \p V is assigned, incremented, or has its address taken or
  /// bound to a reference anywhere in the kernel after its declaration.
  bool isChanged(const clang::VarDecl &V) const { return Changed.count(&V); }

  /// True when \p E can be computed again in a grid of the same shape and
  /// gives the same value: it reads only unchanged parameters, recomputable
  /// locals, constants and, with \p ThreadIndices, the CUDA index variables.
  bool isRecomputable(const clang::Expr &E, bool ThreadIndices = true) const;
  /// A local with such an initializer that never changes.
  bool isRecomputable(const clang::VarDecl &V, bool ThreadIndices = true) const;

private:
  llvm::DenseSet<const clang::VarDecl *> Changed;
};

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_KERNELVALUES_H
