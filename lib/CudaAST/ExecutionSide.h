//===- ExecutionSide.h - Whether code runs on the host or the GPU -*- C++ -*-===//
//
// Code runs on the GPU when it is in a __global__ or __device__ function, or
// in a lambda inside one (unattributed lambdas take the side of the function
// they are written in). The lowering asks this of every `<<<>>>`; the checks
// ask it of every call they inspect.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_EXECUTIONSIDE_H
#define CDP_LOWER_CUDAAST_EXECUTIONSIDE_H

#include "llvm/ADT/ArrayRef.h"

namespace clang {
class ASTContext;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace cdp {

enum class LaunchSide { Host, Device, HostDevice };

/// The side of code written inside \p Enclosing, the functions around it
/// from the outermost to the innermost (a lambda's call operator counts).
LaunchSide
classifyLaunchSite(llvm::ArrayRef<const clang::FunctionDecl *> Enclosing);

/// The side of \p S, found through the AST's parent map.
LaunchSide executionSideOf(const clang::Stmt &S, clang::ASTContext &Context);

/// The innermost function (or lambda call operator) around \p S, if any.
const clang::FunctionDecl *enclosingFunction(const clang::Stmt &S,
                                             clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_EXECUTIONSIDE_H
