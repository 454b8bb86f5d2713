//===- OutputFile.h - Write a lowered file atomically -----------*- C++ -*-===//
#ifndef CDP_LOWER_TOOLS_OUTPUTFILE_H
#define CDP_LOWER_TOOLS_OUTPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace cdp {

/// Writes \p Contents to \p Path through a temporary file in the same
/// directory and a rename, so that \p Path is either untouched or complete.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents);

} // namespace cdp

#endif // CDP_LOWER_TOOLS_OUTPUTFILE_H
