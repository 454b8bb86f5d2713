//===- OutputFile.cpp - Write a lowered file atomically -------------------===//

#include "OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace cdp {

llvm::Error writeFileAtomically(llvm::StringRef Path,
                                llvm::StringRef Contents) {
  llvm::SmallString<256> Model(Path);
  Model += ".cdp-lower-%%%%%%";
  int FD;
  llvm::SmallString<256> TempPath;
  if (std::error_code EC =
          llvm::sys::fs::createUniqueFile(Model, FD, TempPath))
    return llvm::createFileError(Path, EC);
  {
    llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
    Out << Contents;
    Out.close();
    if (Out.has_error()) {
      std::error_code EC = Out.error();
      Out.clear_error();
      llvm::sys::fs::remove(TempPath);
      return llvm::createFileError(Path, EC);
    }
  }
  if (std::error_code EC = llvm::sys::fs::rename(TempPath, Path)) {
    llvm::sys::fs::remove(TempPath);
    return llvm::createFileError(Path, EC);
  }
  return llvm::Error::success();
}

} // namespace cdp
