//===- FilesRead.cpp - Every file a parse or a preprocessor pass read -----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/FilesRead.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace cdp {

std::vector<FileID> filesRead(const SourceManager &SM) {
  std::vector<FileID> Files;
  llvm::DenseSet<const FileEntry *> Seen;
  // Entry 0 is the sentinel; a file's entry starts at its own offset.
  for (unsigned I = 1, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &Entry = SM.getLocalSLocEntry(I);
    if (!Entry.isFile())
      continue;
    const FileEntry *File =
        Entry.getFile().getContentCache().OrigEntry
            ? &Entry.getFile().getContentCache().OrigEntry->getFileEntry()
            : nullptr;
    if (!File || !Seen.insert(File).second)
      continue;
    Files.push_back(
        SM.getFileID(SourceLocation::getFromRawEncoding(Entry.getOffset())));
  }
  return Files;
}

std::vector<FileID> userFilesRead(const SourceManager &SM) {
  std::vector<FileID> Files = filesRead(SM);
  llvm::erase_if(Files, [&](FileID File) {
    return SM.isInSystemHeader(SM.getLocForStartOfFile(File));
  });
  return Files;
}

} // namespace cdp
