//===- NvccCommandLineTest.cpp - nvcc's flags read as clang's -------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// translateNvccCommand, without a file system: what a parse of an nvcc
// command is given. test/Tool/compile-database.test runs the same
// translation through compile databases.
//
//===----------------------------------------------------------------------===//

#include "Driver/NvccCommandLine.h"

#include "llvm/ADT/STLExtras.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace cdp;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::Not;

namespace {

ClangCommandLine translate(std::vector<std::string> CommandLine) {
  llvm::Expected<ClangCommandLine> Result =
      translateNvccCommand(CommandLine, "/nowhere");
  if (!Result) {
    ADD_FAILURE() << llvm::toString(Result.takeError());
    return ClangCommandLine();
  }
  return std::move(*Result);
}

TEST(NvccCommandLine, KnowsNvccByItsProgramName) {
  EXPECT_TRUE(isNvccCommand({"/usr/local/cuda/bin/nvcc", "-c", "a.cu"}));
  EXPECT_TRUE(isNvccCommand({"nvcc"}));
  EXPECT_FALSE(isNvccCommand({"clang++", "-xcuda", "a.cu"}));
}

TEST(NvccCommandLine, ArchitecturesAndRdcBecomeClangFlags) {
  ClangCommandLine Clang = translate(
      {"nvcc", "-arch=sm_90", "-rdc=true", "-c", "a.cu", "-o", "a.o"});
  EXPECT_THAT(Clang.Arguments, Contains("--cuda-gpu-arch=sm_90"));
  EXPECT_THAT(Clang.Arguments, Contains("-fgpu-rdc"));
  EXPECT_THAT(Clang.Arguments, Not(Contains("-rdc=true")));
  EXPECT_THAT(Clang.Arguments, Contains("a.cu"));
  EXPECT_THAT(Clang.CudaSourcePositions, ElementsAre(4u));
}

TEST(NvccCommandLine, EachGencodeVirtualArchitectureIsOneArchitecture) {
  ClangCommandLine Clang =
      translate({"nvcc", "-gencode", "arch=compute_75,code=sm_75",
                 "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
                 "-dc", "a.cu"});
  EXPECT_THAT(Clang.Arguments, Contains("--cuda-gpu-arch=sm_75"));
  EXPECT_THAT(Clang.Arguments, Contains("--cuda-gpu-arch=sm_90"));
  EXPECT_THAT(Clang.Arguments, Contains("-fgpu-rdc"));
}

TEST(NvccCommandLine, HostCompilerOptionsThatMatterToAParseStay) {
  ClangCommandLine Clang =
      translate({"nvcc", "-Xcompiler", "-fPIC,-DFROM_HOST=1", "-DX=2", "-I",
                 "inc", "-std=c++17", "-c", "a.cu"});
  EXPECT_THAT(Clang.Arguments, Contains("-fPIC"));
  EXPECT_THAT(Clang.Arguments, Contains("-DFROM_HOST=1"));
  EXPECT_THAT(Clang.Arguments, Contains("-DX=2"));
  EXPECT_THAT(Clang.Arguments, Contains("-std=c++17"));
  EXPECT_THAT(Clang.Arguments, Not(Contains("-Xcompiler")));
}

TEST(NvccCommandLine, FlagsWithAClangSpellingKeepTheirValue) {
  // Both of nvcc's spellings, the value joined or not (NvccFlags.def).
  ClangCommandLine Clang = translate(
      {"nvcc", "-Ijoined", "--include-path=long", "-isystem", "sys",
       "--pre-include=pre.h", "-UGONE", "--std", "c++20", "-c", "a.cu"});
  EXPECT_THAT(Clang.Arguments, Contains("-Ijoined"));
  EXPECT_THAT(Clang.Arguments, Contains("-Ilong"));
  EXPECT_THAT(Clang.Arguments, Contains("-UGONE"));
  EXPECT_THAT(Clang.Arguments, Contains("-std=c++20"));
  auto Pair = [&](const char *Flag, const char *Value) {
    auto It = llvm::find(Clang.Arguments, Flag);
    return It != Clang.Arguments.end() && It + 1 != Clang.Arguments.end() &&
           It[1] == Value;
  };
  EXPECT_TRUE(Pair("-isystem", "sys"));
  EXPECT_TRUE(Pair("-include", "pre.h"));
}

TEST(NvccCommandLine, UnknownFlagsAreReported) {
  ClangCommandLine Clang =
      translate({"nvcc", "--no-such-nvcc-flag", "-c", "a.cu"});
  EXPECT_THAT(Clang.Unknown, ElementsAre("--no-such-nvcc-flag"));
  EXPECT_THAT(Clang.Arguments, Not(Contains("--no-such-nvcc-flag")));
}

TEST(NvccCommandLine, NvccsOwnFlagsAreDropped) {
  ClangCommandLine Clang =
      translate({"nvcc", "-lineinfo", "--expt-relaxed-constexpr", "-Xptxas",
                 "-v", "-x", "cu", "-c", "a.cu"});
  for (const char *Flag :
       {"-lineinfo", "--expt-relaxed-constexpr", "-Xptxas", "-v", "-x", "cu"})
    EXPECT_THAT(Clang.Arguments, Not(Contains(Flag))) << Flag;
}

TEST(NvccCommandLine, ArchitecturesOfTheBuildMachineAreReported) {
  ClangCommandLine Clang = translate({"nvcc", "-arch=native", "-c", "a.cu"});
  EXPECT_THAT(Clang.UnresolvedArchitectures, ElementsAre("native"));
}

TEST(NvccCommandLine, AnUnreadableOptionsFileIsAnError) {
  llvm::Expected<ClangCommandLine> Result = translateNvccCommand(
      {"nvcc", "--options-file", "missing.rsp", "a.cu"}, "/nowhere");
  ASSERT_FALSE(static_cast<bool>(Result));
  EXPECT_NE(llvm::toString(Result.takeError()).find("missing.rsp"),
            std::string::npos);
}

} // namespace
