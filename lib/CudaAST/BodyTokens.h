//===- BodyTokens.h - Identifiers of a body ---------------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Some misuse never reaches the AST: clang drops an initializer that names a
// host function in device code, and an identifier the headers do not
// declare (cudaStreamTailLaunch under CDP1) leaves only an error. The checks
// find those by the identifiers written in the function's body.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CUDAAST_BODYTOKENS_H
#define CDP_LOWER_CUDAAST_BODYTOKENS_H

#include "clang/Lex/Token.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class FunctionDecl;
class LangOptions;
class SourceManager;
} // namespace clang

namespace cdp {

/// Calls \p Visit with each identifier token spelled in \p F's body, raw
/// (macros are not expanded), and the token after it.
void forEachIdentifierInBody(
    const clang::FunctionDecl &F, const clang::SourceManager &SM,
    const clang::LangOptions &LangOpts,
    llvm::function_ref<void(const clang::Token &Identifier,
                            const clang::Token &Next)>
        Visit);

/// As forEachIdentifierInBody, for the identifiers among \p Names only. A
/// body whose text holds none of them is not lexed: most bodies, as the
/// names looked for are the rarely written misuse.
void forEachMentionInBody(
    const clang::FunctionDecl &F, llvm::ArrayRef<llvm::StringRef> Names,
    const clang::SourceManager &SM, const clang::LangOptions &LangOpts,
    llvm::function_ref<void(const clang::Token &Identifier,
                            const clang::Token &Next)>
        Visit);

/// Calls \p Visit with each raw mention of one of \p Names in \p F's body
/// and the identifiers written before the parentheses around it, innermost
/// first: `assert` and `check` for the `cudaDeviceSynchronize` of
/// `check(assert(cudaDeviceSynchronize() == 0))`. A mention the AST lacks
/// was removed by the preprocessor, and those identifiers say whether a
/// macro dropped its argument.
void forEachMentionWithOpeners(
    const clang::FunctionDecl &F, llvm::ArrayRef<llvm::StringRef> Names,
    const clang::SourceManager &SM, const clang::LangOptions &LangOpts,
    llvm::function_ref<void(const clang::Token &Mention,
                            llvm::ArrayRef<llvm::StringRef> Openers)>
        Visit);

} // namespace cdp

#endif // CDP_LOWER_CUDAAST_BODYTOKENS_H
