//===- LaunchSite.h - Where a <<<>>> launch executes ------------*- C++ -*-===//
//
// A `<<<>>>` is a device-side launch when the code around it runs on the GPU:
// a __global__ or __device__ function, or a lambda (unattributed lambdas take
// the side of the function they are written in).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_LAUNCHSITE_H
#define CDP_LOWER_LOWERING_LAUNCHSITE_H

#include "llvm/ADT/ArrayRef.h"

namespace clang {
class FunctionDecl;
} // namespace clang

namespace cdp {

enum class LaunchSide { Host, Device, HostDevice };

/// The side of a launch written inside \p Enclosing, the functions around it
/// from the outermost to the innermost (a lambda's call operator counts).
LaunchSide
classifyLaunchSite(llvm::ArrayRef<const clang::FunctionDecl *> Enclosing);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_LAUNCHSITE_H
