//===- SystemHeaders.h - Declarations the tool passes over -----*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Most declarations of a CUDA file are the toolkit's, thrust's and cub's,
// in system headers, where the tool rewrites nothing. The walks over the
// AST skip them (and the parser their bodies), which is most of its speed.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_SYSTEMHEADERS_H
#define CDP_LOWER_CUDAAST_SYSTEMHEADERS_H

namespace clang {
class Decl;
class SourceManager;
} // namespace clang

namespace cdp {

/// Whether \p D is written in a system header (where the macro that wrote
/// it is used, for one written by a macro). Never the translation unit.
bool isInSystemHeader(const clang::Decl *D, const clang::SourceManager &SM);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_SYSTEMHEADERS_H
