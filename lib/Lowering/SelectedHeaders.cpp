//===- SelectedHeaders.cpp - The headers --header-filter selects ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/SelectedHeaders.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cdp {

std::string absolutePath(const SourceManager &SM, FileID File) {
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  if (!Entry)
    return "";
  llvm::SmallString<256> Path(Entry->getName());
  SM.getFileManager().makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

bool SelectedHeaders::edits(FileID File) {
  if (File == SM.getMainFileID())
    return true;
  if (!HasFilter || File.isInvalid())
    return false;
  auto [It, New] = Selected.try_emplace(File, false);
  if (New)
    It->second = !SM.isInSystemHeader(SM.getLocForStartOfFile(File)) &&
                 Filter.match(absolutePath(SM, File));
  return It->second;
}

} // namespace cdp
