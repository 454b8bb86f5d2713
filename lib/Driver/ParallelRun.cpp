//===- ParallelRun.cpp - Several files at a time --------------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/ParallelRun.h"

#include "Driver/ToolStreams.h"

#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

namespace cdp {

void processInParallel(llvm::ArrayRef<std::string> Inputs, unsigned Jobs,
                       llvm::function_ref<void(size_t)> Work) {
  std::vector<std::string> Outputs(Inputs.size());
  std::mutex Printing;
  size_t Done = 0;
  bool Progress = llvm::errs().is_displayed();
  {
    llvm::DefaultThreadPool Pool(llvm::hardware_concurrency(Jobs));
    for (size_t I = 0; I < Inputs.size(); ++I)
      Pool.async([&, I] {
        std::string Errors;
        llvm::raw_string_ostream Out(Outputs[I]), Err(Errors);
        {
          FileStreamsScope Streams(Out, Err);
          Work(I);
        }
        std::lock_guard<std::mutex> Lock(Printing);
        ++Done;
        if (Progress)
          llvm::errs() << "\r\x1b[K"; // Clear the progress line.
        llvm::errs() << Errors;
        if (Progress)
          llvm::errs() << "[" << Done << "/" << Inputs.size() << "] "
                       << Inputs[I];
        llvm::errs().flush();
      });
    Pool.wait();
  }
  if (Progress)
    llvm::errs() << "\r\x1b[K";
  for (const std::string &Output : Outputs)
    llvm::outs() << Output;
}

} // namespace cdp
