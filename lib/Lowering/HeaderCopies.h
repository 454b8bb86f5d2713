//===- HeaderCopies.h - Where lowered copies of headers go ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// With --header-filter, headers are lowered too. Lowered in place (-i),
// nothing else changes. Lowered into copies beside the lowered file (-o),
// the copies keep the headers' layout relative to the input's directory, a
// `..` becoming `__` so that no copy lands outside the output's directory,
// and each `#include` of a lowered header, in the lowered file or another
// copied header, is rewritten to name the copy by a relative path: a copy
// is found whatever include path found the original.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_HEADERCOPIES_H
#define CDP_LOWER_LOWERING_HEADERCOPIES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace cdp {

/// The copy's path of the header \p Header (absolute), relative to the
/// output directory, for an input in the directory \p InputDir (absolute).
std::string headerCopyName(llvm::StringRef Header, llvm::StringRef InputDir);

/// The relative path, with '/' separators, from the directory \p FromDir to
/// \p To (both relative to one root, or both absolute).
std::string relativePath(llvm::StringRef To, llvm::StringRef FromDir);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_HEADERCOPIES_H
