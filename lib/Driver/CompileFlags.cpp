//===- CompileFlags.cpp - How cdp-lower parses a CUDA file ----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/CompileFlags.h"
#include "Driver/ParseOnlyHeaders.h"

#include "CudaAST/Target.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <optional>

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

/// The value of the last `Flag=value` or `Flag value` of \p Args.
static std::optional<std::string> flagValue(llvm::ArrayRef<std::string> Args,
                                            llvm::StringRef Flag) {
  std::optional<std::string> Value;
  for (size_t I = 0; I < Args.size() && Args[I] != "--"; ++I) {
    llvm::StringRef Arg = Args[I];
    if (Arg == Flag && I + 1 < Args.size())
      Value = Args[I + 1];
    else if (Arg.consume_front(Flag) && Arg.consume_front("="))
      Value = Arg.str();
  }
  return Value;
}

std::string cudaPathOf(llvm::ArrayRef<std::string> Args) {
  return flagValue(Args, "--cuda-path").value_or(CDP_CUDA_PATH);
}

std::string resourceDirOf(llvm::ArrayRef<std::string> Args) {
  return flagValue(Args, "-resource-dir").value_or(CDP_CLANG_RESOURCE_DIR);
}

clang::tooling::ArgumentsAdjuster
deviceSideParseAdjuster(const std::string &RuntimeIncludeDir) {
  return [RuntimeIncludeDir](const CommandLineArguments &Args,
                             llvm::StringRef) {
    // Flags go before a `--` that ends the options (interpolated commands
    // have one): after it, clang takes them for file names.
    auto End = llvm::find(Args, "--");
    CommandLineArguments Adjusted;
    // Args[0] is the compiler; the language flag must precede the input.
    Adjusted.push_back(Args.empty() ? "clang++" : Args[0]);
    Adjusted.push_back("-xcuda");
    if (!Args.empty())
      for (auto It = Args.begin() + 1; It != End; ++It) {
        llvm::StringRef Arg = *It;
        // A build that runs the checks as a plugin: the tool runs them
        // itself, and the plugin's check controls are -W flags here.
        if (Arg.starts_with("-fplugin="))
          continue;
        if (Arg.consume_front("-fplugin-arg-")) {
          // Its ptx-jit= says what the tool reads from the compile line.
          if (Arg.consume_front("cdp-") && Arg.ltrim('-').starts_with("W"))
            Adjusted.push_back(("-" + Arg.ltrim('-')).str());
          continue;
        }
        Adjusted.push_back(*It);
      }
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
    AddUnlessGiven("-fsyntax-only", "-fsyntax-only");
    // clang 22 knows CUDA up to 12.9 and warns about 13.x; it parses it fine.
    Adjusted.push_back("-Wno-unknown-cuda-version");
    Adjusted.push_back("-I" + RuntimeIncludeDir);
    // What nvcc's front end accepts and clang's does not, for the parse
    // only (the lowered output, which nvcc compiles, gets none of it):
    // `register` in C++17, the host min/max of nvcc's headers, thrust's
    // device-side algorithms, which nvcc enables with __CUDACC_RDC__ and
    // whose profiling ranges clang refuses in device code.
    Adjusted.push_back("-Wno-register");
    Adjusted.push_back("-Wno-vla-cxx-extension");
    // A narrowing braced initializer (`dim3 grid = {n / 16, n / 16}` of an
    // int n, as jakubzimny's CUDA-dynamic-Mandelbrot writes): an error to
    // clang, a warning (#2361-D) to nvcc, which still gives it when it
    // compiles the lowered output.
    Adjusted.push_back("-Wno-c++11-narrowing");
    if (hasFlagWithPrefix(Adjusted, "-fgpu-rdc") &&
        !hasFlagWithPrefix(Adjusted, "-fno-gpu-rdc"))
      Adjusted.push_back("-D__CUDACC_RDC__");
    Adjusted.push_back("-DCCCL_DISABLE_NVTX");
    Adjusted.push_back("-include");
    Adjusted.push_back(parseOnlyPath(NvccCompatHeader));
    // nvcc puts the toolkit's CCCL (thrust, cub, libcu++) on the system
    // include path by itself; clang does not.
    llvm::SmallString<256> Cccl(cudaPathOf(Adjusted));
    llvm::sys::path::append(Cccl, "include", "cccl");
    if (llvm::sys::fs::is_directory(Cccl)) {
      Adjusted.push_back("-isystem");
      Adjusted.push_back(std::string(Cccl));
    }
    Adjusted.insert(Adjusted.end(), End, Args.end());
    return Adjusted;
  };
}

clang::tooling::ArgumentsAdjuster
userArgumentsAdjuster(std::vector<std::string> Before,
                      std::vector<std::string> After,
                      std::vector<std::string> Removed) {
  return [=](const CommandLineArguments &Args, llvm::StringRef) {
    CommandLineArguments Adjusted;
    if (Args.empty())
      return Adjusted;
    Adjusted.push_back(Args[0]);
    Adjusted.insert(Adjusted.end(), Before.begin(), Before.end());
    auto End = llvm::find(Args, "--");
    for (auto It = Args.begin() + 1; It != End; ++It) {
      llvm::StringRef Arg = *It;
      bool Remove = llvm::any_of(Removed, [&](llvm::StringRef R) {
        return Arg == R || (Arg.starts_with(R) &&
                            Arg.drop_front(R.size()).starts_with("="));
      });
      if (!Remove)
        Adjusted.push_back(*It);
    }
    Adjusted.insert(Adjusted.end(), After.begin(), After.end());
    Adjusted.insert(Adjusted.end(), End, Args.end());
    return Adjusted;
  };
}

std::vector<CommandLineArguments>
splitByGpuArchitecture(const CommandLineArguments &Args) {
  auto IsArchFlag = [](llvm::StringRef Arg) {
    return Arg.starts_with("--cuda-gpu-arch=") ||
           Arg.starts_with("--offload-arch=");
  };
  std::vector<size_t> ArchFlags;
  for (size_t I = 0; I < Args.size() && Args[I] != "--"; ++I)
    if (IsArchFlag(Args[I]))
      ArchFlags.push_back(I);
  if (ArchFlags.size() <= 1)
    return {Args};
  std::vector<CommandLineArguments> Split;
  for (size_t Kept : ArchFlags) {
    CommandLineArguments One;
    for (size_t I = 0; I < Args.size(); ++I)
      if (I == Kept || !llvm::is_contained(ArchFlags, I))
        One.push_back(Args[I]);
    Split.push_back(std::move(One));
  }
  return Split;
}

std::vector<unsigned> gpuArchitecturesOf(const CommandLineArguments &Args) {
  std::vector<unsigned> Archs;
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I], Value;
    for (llvm::StringRef Flag : {"--cuda-gpu-arch", "--offload-arch"}) {
      if (Arg == Flag && I + 1 < Args.size())
        Value = Args[I + 1];
      else if (Arg.starts_with(Flag) &&
               Arg.drop_front(Flag.size()).consume_front("="))
        Value = Arg.drop_front(Flag.size() + 1);
    }
    if (std::optional<unsigned> Version = smVersionOf(Value))
      if (!llvm::is_contained(Archs, *Version))
        Archs.push_back(*Version);
  }
  return Archs;
}

unsigned ptxJitArchitecture(const CommandLineArguments &Args) {
  auto EmbedsPtx = [&](unsigned Arch) {
    bool Embeds = false;
    for (llvm::StringRef Arg : Args) {
      if (Arg == "--")
        break;
      bool Include = Arg.consume_front("--cuda-include-ptx=");
      if ((Include || Arg.consume_front("--no-cuda-include-ptx=")) &&
          (Arg == "all" || Arg == smName(Arch)))
        Embeds = Include; // The last flag that names it wins.
    }
    return Embeds;
  };
  unsigned Newest = 0;
  for (unsigned Arch : gpuArchitecturesOf(Args))
    if (EmbedsPtx(Arch))
      Newest = std::max(Newest, Arch);
  return Newest < FirstPdlSmVersion ? Newest : 0;
}

std::string findRuntimeIncludeDir(const char *Argv0) {
  std::string Exe = llvm::sys::fs::getMainExecutable(
      Argv0, reinterpret_cast<void *>(&findRuntimeIncludeDir));
  llvm::SmallString<256> Installed(
      llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)));
  llvm::sys::path::append(Installed, "include");
  llvm::SmallString<256> Header(Installed);
  llvm::sys::path::append(Header, "cdp", "launch.cuh");
  if (llvm::sys::fs::exists(Header))
    return std::string(Installed);
  return CDP_SOURCE_RUNTIME_INCLUDE_DIR;
}

} // namespace cdp
