//===- RuntimeInclude.h - Where the runtime is included ---------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A lowered file needs `#include <cdp/launch.cuh>` once, where it is valid
// whatever the file holds: at file scope, before the first token, so never
// inside an `#ifdef`, an `extern "C"` block, a namespace or an initializer.
// It goes after a UTF-8 byte-order mark and the leading comments (a licence
// header stays first) and, in a header, after its `#pragma once` or its
// include guard's `#ifndef`/`#define` (the guard stays first, so compilers
// still recognise it); it ends its lines as the file does (CRLF files stay
// CRLF), and is followed by a `#line` so that every later line keeps its
// original number, and, when the lowered copy is written elsewhere, its
// original file name, in nvcc's messages and in the debug information.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_RUNTIMEINCLUDE_H
#define CDP_LOWER_LOWERING_RUNTIMEINCLUDE_H

#include "clang/Basic/SourceLocation.h"

#include <string>

namespace clang {
class LangOptions;
class SourceManager;
} // namespace clang

namespace cdp {

struct RuntimeInclude {
  clang::SourceLocation At;
  std::string Text;
};

/// Where and what to insert into \p File to include the runtime header
/// \p Header; the `#line` names \p OriginalName when it is not empty.
RuntimeInclude runtimeIncludeFor(clang::FileID File, llvm::StringRef Header,
                                 llvm::StringRef OriginalName,
                                 const clang::SourceManager &SM,
                                 const clang::LangOptions &LangOpts);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_RUNTIMEINCLUDE_H
