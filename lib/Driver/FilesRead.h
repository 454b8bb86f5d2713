//===- FilesRead.h - Every file a parse or a preprocessor pass read -*- C++
//-*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// SourceManager::translateFile finds a file's FileID by walking every
// source-location entry, macro expansions included, so asking it for each
// file read is quadratic: with thrust included, a fifth of the tool's time
// on cdpAdvancedQuicksort. One walk answers for all files.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_DRIVER_FILESREAD_H
#define CDP_LOWER_DRIVER_FILESREAD_H

#include "clang/Basic/SourceLocation.h"

#include <vector>

namespace clang {
class SourceManager;
} // namespace clang

namespace cdp {

/// The first FileID of each file the source manager read, in the order of
/// their first inclusion: what translateFile gives for each of them.
std::vector<clang::FileID> filesRead(const clang::SourceManager &SM);

/// The same, less the files that are system headers.
std::vector<clang::FileID> userFilesRead(const clang::SourceManager &SM);

} // namespace cdp

#endif // CDP_LOWER_DRIVER_FILESREAD_H
