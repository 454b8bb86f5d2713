//===- OutputFile.cpp - Write a lowered file as editors do ----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>

namespace cdp {

/// Writes to an existing file or device without replacing it.
static llvm::Error writeInPlace(llvm::StringRef Path,
                                llvm::StringRef Contents) {
  std::error_code EC;
  llvm::raw_fd_ostream Out(Path, EC, llvm::sys::fs::OF_None);
  if (EC)
    return llvm::createFileError(Path, EC);
  Out << Contents;
  Out.close();
  if (Out.has_error()) {
    EC = Out.error();
    Out.clear_error();
    return llvm::createFileError(Path, EC);
  }
  return llvm::Error::success();
}

/// Writes through a temporary file and a rename; \p Old, when given, is the
/// replaced file's status, whose mode and owner the new file takes.
static llvm::Error replaceFile(llvm::StringRef Path, llvm::StringRef Contents,
                               const struct stat *Old) {
  llvm::SmallString<256> Model(Path);
  Model += ".cdp-lower-%%%%%%";
  int FD;
  llvm::SmallString<256> TempPath;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, TempPath))
    return llvm::createFileError(Path, EC);
  llvm::sys::RemoveFileOnSignal(TempPath);
  auto Fail = [&](std::error_code EC) {
    llvm::sys::fs::remove(TempPath);
    llvm::sys::DontRemoveFileOnSignal(TempPath);
    return llvm::createFileError(Path, EC);
  };
  if (Old) {
    if (::fchmod(FD, Old->st_mode & 07777) != 0) {
      std::error_code EC(errno, std::generic_category());
      ::close(FD);
      return Fail(EC);
    }
    // Keeping the owner needs the right to give the file away: as root it
    // is kept, as its owner it already is.
    (void)!::fchown(FD, Old->st_uid, Old->st_gid);
  }
  {
    llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
    Out << Contents;
    Out.close();
    if (Out.has_error()) {
      std::error_code EC = Out.error();
      Out.clear_error();
      return Fail(EC);
    }
  }
  // For the test that interrupts a write (test/Tool/output-files.test).
  if (std::getenv("CDP_LOWER_TEST_PAUSE_BEFORE_RENAME"))
    ::sleep(30);
  if (std::error_code EC = llvm::sys::fs::rename(TempPath, Path))
    return Fail(EC);
  llvm::sys::DontRemoveFileOnSignal(TempPath);
  return llvm::Error::success();
}

llvm::Error writeOutputFile(llvm::StringRef Path, llvm::StringRef Contents) {
  if (Path == "-") {
    llvm::outs() << Contents;
    llvm::outs().flush();
    return llvm::Error::success();
  }
  // A pipe or a device, through any link (-o /dev/stdout or /dev/fd/1 with
  // standard output a pipe, whose link names no file): written as it is.
  struct stat Status;
  if (::stat(Path.str().c_str(), &Status) == 0 && !S_ISREG(Status.st_mode) &&
      !S_ISDIR(Status.st_mode))
    return writeInPlace(Path, Contents);
  // Through symbolic links, to the file they name.
  llvm::SmallString<256> Target(Path);
  if (llvm::sys::fs::is_symlink_file(Path)) {
    if (std::error_code EC = llvm::sys::fs::real_path(Path, Target))
      return llvm::createFileError(Path, EC);
  }
  if (::stat(Target.c_str(), &Status) != 0)
    return replaceFile(Target, Contents, nullptr); // A new file.
  if (S_ISDIR(Status.st_mode))
    return llvm::createFileError(
        Path, std::make_error_code(std::errc::is_a_directory));
  // Replacing goes through the directory: refuse, as clang-format does, a
  // file the user could not open for writing (read-only, or another
  // user's in a directory anyone may write to).
  if (::access(Target.c_str(), W_OK) != 0)
    return llvm::createFileError(
        Path, std::error_code(errno, std::generic_category()));
  if (!S_ISREG(Status.st_mode) || Status.st_nlink > 1)
    return writeInPlace(Target, Contents);
  return replaceFile(Target, Contents, &Status);
}

} // namespace cdp
