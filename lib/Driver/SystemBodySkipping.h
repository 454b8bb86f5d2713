//===- SystemBodySkipping.h - Parses without system bodies ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A source that includes thrust or cub spends most of its parse in the
// bodies of their function templates, which the lowering never reads: it
// rewrites the user's launches and needs only the declarations of what they
// call. Skipping those bodies, as clangd's preambles skip every body, took
// cuda-samples' cdpAdvancedQuicksort from 3.7 to 2.2 seconds. Of the
// analyses, only the PDL checks follow a kernel's calls into a system
// header (the aggregation, --threshold and the migration stop there); the
// driver skips only where the files a source reads name no PDL
// (LaunchScan.h), and only under nvcc's command line,
// where nvcc compiles the source next and reports any error in a skipped
// body.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_SYSTEMBODYSKIPPING_H
#define CDP_LOWER_DRIVER_SYSTEMBODYSKIPPING_H

#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"

#include <memory>

namespace cdp {

/// Runs \p Inner's actions with the bodies of functions declared in system
/// headers skipped (constexpr functions and deduced return types aside,
/// which clang never skips).
std::unique_ptr<clang::tooling::FrontendActionFactory>
skippingSystemBodies(clang::tooling::FrontendActionFactory &Inner);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_SYSTEMBODYSKIPPING_H
