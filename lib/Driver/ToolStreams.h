//===- ToolStreams.h - Where a file's messages go ---------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Under -j, several files are processed at once; each prints into its own
// buffers, which are printed whole, so that no two files' messages
// interleave. Everything the tool prints about a file goes through these.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_TOOLSTREAMS_H
#define CDP_LOWER_DRIVER_TOOLSTREAMS_H

#include "llvm/Support/raw_ostream.h"

namespace cdp {

/// Standard error, or the buffer of the file this thread processes.
llvm::raw_ostream &fileErrors();
/// Standard output, or the buffer of the file this thread processes.
llvm::raw_ostream &fileOutput();
/// `cdp-lower: error: ` on fileErrors(); stream the message in.
llvm::raw_ostream &toolError();

/// While it lives, this thread's fileOutput() and fileErrors() are \p Out
/// and \p Err.
class FileStreamsScope {
public:
  FileStreamsScope(llvm::raw_ostream &Out, llvm::raw_ostream &Err);
  ~FileStreamsScope();
  FileStreamsScope(const FileStreamsScope &) = delete;
  FileStreamsScope &operator=(const FileStreamsScope &) = delete;
};

} // namespace cdp

#endif // CDP_LOWER_DRIVER_TOOLSTREAMS_H
