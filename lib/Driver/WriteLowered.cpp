//===- WriteLowered.cpp - Write a lowered input out -----------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/WriteLowered.h"

#include "Driver/OutputFile.h"
#include "Driver/ParseOnlyHeaders.h"
#include "Driver/ToolStreams.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

namespace cdp {

bool writeFile(llvm::StringRef Path, llvm::StringRef Text) {
  llvm::StringRef Directory = llvm::sys::path::parent_path(Path);
  if (!Directory.empty() && Path != "-")
    if (std::error_code EC = llvm::sys::fs::create_directories(Directory)) {
      toolError() << "cannot create '" << Directory << "': " << EC.message()
                  << "\n";
      return false;
    }
  if (llvm::Error E = writeOutputFile(Path, Text)) {
    toolError() << llvm::toString(std::move(E)) << "\n";
    return false;
  }
  return true;
}

/// Writes the lowered headers: in place with -i, else as copies in the
/// directory of the -o file.
static bool writeHeaders(const LoweredInput &Lowered,
                         const WriteOptions &Where) {
  if (Lowered.Headers.empty())
    return true;
  if (!Where.InPlace && Where.OutputPath.empty()) {
    toolError()
        << "launches in headers were lowered ('" << Lowered.Headers.front().Path
        << "'): write them with -o <file> (copies go beside it) or -i\n";
    return false;
  }
  bool Written = true;
  for (const LoweredInput::Header &Header : Lowered.Headers) {
    if (Where.InPlace) {
      Written &= writeFile(Header.Path, Header.Text);
      continue;
    }
    llvm::SmallString<256> Copy(Where.OutputPath);
    llvm::sys::fs::make_absolute(Copy);
    llvm::sys::path::remove_filename(Copy);
    llvm::sys::path::append(Copy, Header.CopyName);
    if (llvm::sys::fs::equivalent(Copy, Header.Path)) {
      toolError() << "the lowered copy of '" << Header.Path
                  << "' would replace it: write -o into another directory, or "
                  << "lower in place with -i\n";
      Written = false;
      continue;
    }
    Written &= writeFile(Copy, Header.Text);
  }
  return Written;
}

/// \p Path as Make reads it in a dependency file.
static std::string makeEscaped(llvm::StringRef Path) {
  std::string Escaped;
  for (char C : Path) {
    if (C == ' ' || C == '#' || C == '\\')
      Escaped += '\\';
    else if (C == '$')
      Escaped += '$';
    Escaped += C;
  }
  return Escaped;
}

/// The --depfile: the -o file depends on everything the parses read from
/// disk (a header the tool carries is no file a build could find).
static bool writeDepFile(const LoweredInput &Lowered,
                         const WriteOptions &Where) {
  std::string Text = makeEscaped(Where.OutputPath) + ":";
  for (const std::string &Dependency : Lowered.Dependencies)
    if (!isParseOnlyPath(Dependency))
      Text += " \\\n  " + makeEscaped(Dependency);
  Text += "\n";
  return writeFile(Where.DepFile, Text);
}

bool writeLowered(llvm::StringRef Input, const LoweredInput &Lowered,
                  const WriteOptions &Where) {
  // Headers first: the lowered file includes them.
  if (!writeHeaders(Lowered, Where))
    return false;
  const std::string &Text = Lowered.Text;
  if (Where.InPlace) {
    auto Original = llvm::MemoryBuffer::getFile(Input);
    if (Original && (*Original)->getBuffer() == Text)
      return true; // Nothing to lower: keep the file as it is.
    return writeFile(Input, Text);
  }
  if (!Where.OutputPath.empty())
    return writeFile(Where.OutputPath, Text) &&
           (Where.DepFile.empty() || writeDepFile(Lowered, Where));
  fileOutput() << Text;
  return true;
}

} // namespace cdp
