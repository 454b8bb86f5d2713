//===- KernelAlias.h - A short name for a long kernel type ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A launch names its kernel's type (`cdp::DeviceLaunch<void(...)>`). Where
// that type is long, the lowering declares `using cdp_launch_child = ...;`
// once, before the declaration that holds the first launch, and the
// launches use the alias: where it goes and what it is called are here.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_KERNELALIAS_H
#define CDP_LOWER_LOWERING_KERNELALIAS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class Decl;
class DeclContext;
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace cdp {

/// The namespace (or the translation unit) whose scope holds \p Enclosing:
/// an alias declared there is visible to the launches of that namespace
/// written after it, and to no other namespace's.
const clang::DeclContext *aliasScope(const clang::Decl &Enclosing);

/// The start of the line of the declaration at namespace scope that holds
/// \p Enclosing, where an alias declared for its launches' kernel is
/// visible to them; nothing when that declaration does not start a line of
/// \p File.
std::optional<clang::SourceLocation> aliasPlace(const clang::Decl &Enclosing,
                                                clang::FileID File,
                                                const clang::SourceManager &SM);

/// `cdp_launch_<kernel>`, with a number after it when the translation unit
/// or an alias named before (\p Taken, which the name joins) has it.
std::string newAliasName(const clang::FunctionDecl &Kernel,
                         clang::ASTContext &Context, llvm::StringSet<> &Taken);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_KERNELALIAS_H
