//===- ExecutionSide.h - Host or GPU code -----------------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Code runs on the GPU when it is in a __global__ or __device__ function, or
// in a lambda inside one (unattributed lambdas take the side of the function
// they are written in). The side is decided from the function stack that a
// traversal keeps (FunctionStackVisitor.h); CodeSites.h records it for the
// checks.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_EXECUTIONSIDE_H
#define CDP_LOWER_CUDAAST_EXECUTIONSIDE_H

#include "llvm/ADT/ArrayRef.h"

namespace clang {
class FunctionDecl;
} // namespace clang

namespace cdp {

enum class LaunchSide { Host, Device, HostDevice };

/// The side of code written inside \p Enclosing, the functions around it
/// from the outermost to the innermost (a lambda's call operator counts).
LaunchSide
classifyLaunchSite(llvm::ArrayRef<const clang::FunctionDecl *> Enclosing);

/// The side of code written inside \p Function, from the functions its
/// declaration is written in: a lambda written without attributes in a
/// kernel runs on the GPU alone, though clang marks it __host__ __device__.
LaunchSide executionSideOf(const clang::FunctionDecl &Function);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_EXECUTIONSIDE_H
