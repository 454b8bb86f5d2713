//===- CompileFlags.cpp - How cdp-lower parses a CUDA file ----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CompileFlags.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace cdp {

using clang::tooling::CommandLineArguments;

std::vector<std::string> defaultCompileFlags() {
  return {"-std=c++17", "-fgpu-rdc", "--cuda-gpu-arch=sm_90"};
}

static bool hasFlagWithPrefix(const CommandLineArguments &Args,
                              llvm::StringRef Prefix) {
  for (const std::string &Arg : Args)
    if (llvm::StringRef(Arg).starts_with(Prefix))
      return true;
  return false;
}

clang::tooling::ArgumentsAdjuster
deviceSideParseAdjuster(const std::string &RuntimeIncludeDir) {
  return [RuntimeIncludeDir](const CommandLineArguments &Args,
                             llvm::StringRef) {
    CommandLineArguments Adjusted;
    // Args[0] is the compiler; the language flag must precede the input.
    Adjusted.push_back(Args.empty() ? "clang++" : Args[0]);
    Adjusted.push_back("-xcuda");
    for (size_t I = 1; I < Args.size(); ++I)
      Adjusted.push_back(Args[I]);
    auto AddUnlessGiven = [&](llvm::StringRef Prefix, std::string Flag) {
      if (!hasFlagWithPrefix(Adjusted, Prefix))
        Adjusted.push_back(std::move(Flag));
    };
    AddUnlessGiven("-resource-dir", "-resource-dir=" CDP_CLANG_RESOURCE_DIR);
    AddUnlessGiven("--cuda-path", "--cuda-path=" CDP_CUDA_PATH);
    if (!hasFlagWithPrefix(Adjusted, "--offload-arch"))
      AddUnlessGiven("--cuda-gpu-arch", "--cuda-gpu-arch=sm_90");
    AddUnlessGiven("-fgpu-rdc", "-fgpu-rdc");
    // clang's own error limit (20) stands: past it, the input is not the
    // CUDA the user meant (a megabyte of binary once printed 134 MB).
    // -ferror-limit=0 lifts it.
    Adjusted.push_back("--cuda-device-only");
    Adjusted.push_back("-fsyntax-only");
    // clang 22 knows CUDA up to 12.9 and warns about 13.x; it parses it fine.
    Adjusted.push_back("-Wno-unknown-cuda-version");
    Adjusted.push_back("-I" + RuntimeIncludeDir);
    return Adjusted;
  };
}

std::vector<unsigned> gpuArchitecturesOf(const CommandLineArguments &Args) {
  std::vector<unsigned> Archs;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I], Value;
    for (llvm::StringRef Flag : {"--cuda-gpu-arch", "--offload-arch"}) {
      if (Arg == Flag && I + 1 < Args.size())
        Value = Args[I + 1];
      else if (Arg.starts_with(Flag) && Arg.drop_front(Flag.size())
                                             .consume_front("="))
        Value = Arg.drop_front(Flag.size() + 1);
    }
    unsigned Version;
    if (Value.consume_front("sm_") && !Value.consumeInteger(10, Version) &&
        llvm::find(Archs, Version) == Archs.end())
      Archs.push_back(Version);
  }
  return Archs;
}

std::string findRuntimeIncludeDir(const char *Argv0) {
  std::string Exe = llvm::sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&findRuntimeIncludeDir));
  llvm::SmallString<256> Installed(llvm::sys::path::parent_path(
      llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Installed, "include");
  llvm::SmallString<256> Header(Installed);
  llvm::sys::path::append(Header, "cdp", "launch.cuh");
  if (llvm::sys::fs::exists(Header))
    return std::string(Installed);
  return CDP_SOURCE_RUNTIME_INCLUDE_DIR;
}

} // namespace cdp
