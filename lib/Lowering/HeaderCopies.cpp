//===- HeaderCopies.cpp - Where lowered copies of headers go --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/HeaderCopies.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Path.h"

namespace cdp {

/// The components of \p Path, without `.` and empty ones.
static llvm::SmallVector<llvm::StringRef> components(llvm::StringRef Path) {
  llvm::SmallVector<llvm::StringRef> Parts;
  for (auto It = llvm::sys::path::begin(Path, llvm::sys::path::Style::posix),
            End = llvm::sys::path::end(Path);
       It != End; ++It)
    if (!It->empty() && *It != "." && *It != "/")
      Parts.push_back(*It);
  return Parts;
}

std::string relativePath(llvm::StringRef To, llvm::StringRef FromDir) {
  llvm::SmallVector<llvm::StringRef> Target = components(To);
  llvm::SmallVector<llvm::StringRef> Base = components(FromDir);
  size_t Common = 0;
  while (Common < Target.size() && Common < Base.size() &&
         Target[Common] == Base[Common])
    ++Common;
  std::string Result;
  for (size_t I = Common; I < Base.size(); ++I)
    Result += "../";
  for (size_t I = Common; I < Target.size(); ++I) {
    Result += Target[I];
    if (I + 1 < Target.size())
      Result += "/";
  }
  return Result;
}

std::string headerCopyName(llvm::StringRef Header, llvm::StringRef InputDir) {
  std::string Relative = relativePath(Header, InputDir);
  std::string Copy;
  for (llvm::StringRef Part : components(Relative)) {
    if (!Copy.empty())
      Copy += "/";
    Copy += Part == ".." ? "__" : Part.str();
  }
  return Copy;
}

} // namespace cdp
