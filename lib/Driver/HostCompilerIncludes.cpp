//===- HostCompilerIncludes.cpp - Where nvcc's host compiler looks --------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#include "Driver/HostCompilerIncludes.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <mutex>
#include <optional>

namespace cdp {

std::string hostCompilerFor(llvm::StringRef CcbinValue) {
  if (CcbinValue.empty())
    return "g++";
  if (llvm::sys::fs::is_directory(CcbinValue)) {
    llvm::SmallString<256> Compiler(CcbinValue);
    llvm::sys::path::append(Compiler, "g++");
    return std::string(Compiler);
  }
  return CcbinValue.str();
}

std::vector<std::string> parseIncludeSearchList(llvm::StringRef Output) {
  std::vector<std::string> Dirs;
  bool InList = false;
  llvm::SmallVector<llvm::StringRef> Lines;
  Output.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line = Line.rtrim("\r");
    if (Line.starts_with("#include <...> search starts here:")) {
      InList = true;
      continue;
    }
    if (!InList)
      continue;
    if (Line.starts_with("End of search list."))
      break;
    // " /usr/include", or a framework directory on macOS, which has no
    // meaning here.
    Line = Line.trim();
    if (Line.ends_with("(framework directory)") || Line.empty())
      continue;
    Dirs.push_back(Line.str());
  }
  return Dirs;
}

/// Runs `<Compiler> -E -x c++ -v -` on no input; its search list.
static std::vector<std::string> askCompiler(llvm::StringRef Compiler) {
  llvm::ErrorOr<std::string> Program =
      llvm::sys::path::is_absolute(Compiler)
          ? llvm::ErrorOr<std::string>(Compiler.str())
          : llvm::sys::findProgramByName(Compiler);
  if (!Program)
    return {};
  llvm::SmallString<128> Output;
  if (llvm::sys::fs::createTemporaryFile("cdp-host-includes", "txt", Output))
    return {};
  llvm::FileRemover RemoveOutput(Output);
  const std::optional<llvm::StringRef> Redirects[] = {
      llvm::StringRef(""), llvm::StringRef(Output), llvm::StringRef(Output)};
  const llvm::StringRef Args[] = {*Program, "-E", "-x", "c++", "-v", "-"};
  if (llvm::sys::ExecuteAndWait(*Program, Args, /*Env=*/std::nullopt, Redirects,
                                /*SecondsToWait=*/30) != 0)
    return {};
  auto Text = llvm::MemoryBuffer::getFile(Output);
  if (!Text)
    return {};
  return parseIncludeSearchList((*Text)->getBuffer());
}

std::vector<std::string> hostCompilerIncludeDirs(llvm::StringRef Compiler) {
  // One question per compiler for the whole run: -j parses ask at once.
  static std::mutex Lock;
  static llvm::StringMap<std::vector<std::string>> Known;
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, Inserted] = Known.try_emplace(Compiler);
  if (Inserted)
    It->second = askCompiler(Compiler);
  return It->second;
}

} // namespace cdp
