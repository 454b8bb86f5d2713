//===- OutputFile.h - Write a lowered file as editors do --------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// How -o and -i write a file, so that it is either untouched or complete and
// keeps what the user set up around it:
//
//  * `-` is standard output;
//  * a device node or FIFO (`-o /dev/null`) is written to, never replaced;
//  * a symbolic link is written through, to its target (as editors do);
//  * a file with other hard links is rewritten in place, so that every link
//    sees the new text (a rename would leave the others on the old one);
//  * otherwise the text goes to a temporary file in the same directory,
//    which takes the old file's mode (a 0600 file stays private) and, where
//    permitted, its owner, and is renamed over it. The temporary file is
//    removed if the tool is interrupted (SIGINT, SIGTERM) or fails.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_OUTPUTFILE_H
#define CDP_LOWER_DRIVER_OUTPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace cdp {

/// Writes \p Contents to \p Path as the file comment says.
llvm::Error writeOutputFile(llvm::StringRef Path, llvm::StringRef Contents);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_OUTPUTFILE_H
