//===- ParallelRun.h - Several files at a time ------------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_PARALLELRUN_H
#define CDP_LOWER_DRIVER_PARALLELRUN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace cdp {

/// Runs \p Work for each index of \p Inputs on \p Jobs threads (0: one per
/// core), with fileOutput() and fileErrors() (ToolStreams.h) the file's own
/// buffers. A file's messages print whole as it finishes, with a progress
/// line on a terminal; its output prints at the end, in input order.
void processInParallel(llvm::ArrayRef<std::string> Inputs, unsigned Jobs,
                       llvm::function_ref<void(size_t)> Work);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_PARALLELRUN_H
