//===- ToolStreams.cpp - Where a file's messages go -----------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/ToolStreams.h"

#include "llvm/Support/WithColor.h"

namespace cdp {

static thread_local llvm::raw_ostream *FileErrors = nullptr;
static thread_local llvm::raw_ostream *FileOutput = nullptr;

llvm::raw_ostream &fileErrors() {
  return FileErrors ? *FileErrors : llvm::errs();
}

llvm::raw_ostream &fileOutput() {
  return FileOutput ? *FileOutput : llvm::outs();
}

llvm::raw_ostream &toolError() {
  return llvm::WithColor::error(fileErrors(), "cdp-lower");
}

FileStreamsScope::FileStreamsScope(llvm::raw_ostream &Out,
                                   llvm::raw_ostream &Err) {
  FileOutput = &Out;
  FileErrors = &Err;
}

FileStreamsScope::~FileStreamsScope() { FileOutput = FileErrors = nullptr; }

} // namespace cdp
