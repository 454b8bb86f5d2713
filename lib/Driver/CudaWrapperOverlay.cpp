//===- CudaWrapperOverlay.cpp - clang's CUDA wrapper, as nvcc's -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
#include "Driver/CudaWrapperOverlay.h"
#include "Driver/CompileFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <mutex>

namespace cdp {

/// clang 22's definitions, as the wrapper writes them.
static constexpr llvm::StringLiteral StdAllocation =
    "namespace std {\n"
    "__device__ static inline void free(void *__ptr) { ::free(__ptr); }\n"
    "__device__ static inline void *malloc(size_t __size) {\n"
    "  return ::malloc(__size);\n"
    "}\n"
    "} // namespace std\n";

/// Same number of lines, so that the wrapper's own messages keep theirs.
static constexpr llvm::StringLiteral StdAllocationAsNvcc =
    "namespace std {\n"
    "using ::free; // cdp-lower: one entity with ::free, as for nvcc\n"
    "using ::malloc;\n"
    "\n"
    "\n"
    "} // namespace std\n";

std::optional<std::string> wrapperWithStdAllocation(llvm::StringRef Wrapper) {
  size_t At = Wrapper.find(StdAllocation);
  if (At == llvm::StringRef::npos)
    return std::nullopt;
  return (Wrapper.take_front(At) + StdAllocationAsNvcc +
          Wrapper.drop_front(At + StdAllocation.size()))
      .str();
}

std::optional<std::string>
wrapperWithToolkitPaths(llvm::StringRef Wrapper, llvm::StringRef CudaInclude) {
  std::string Text;
  bool Pinned = false;
  llvm::StringRef Rest = Wrapper;
  while (!Rest.empty()) {
    auto [Line, After] = Rest.split('\n');
    const bool EndsLine = Line.size() < Rest.size();
    llvm::StringRef Name = Line.trim();
    if (Name.consume_front("#include \"") && Name.consume_back("\"")) {
      llvm::SmallString<256> InToolkit(CudaInclude);
      llvm::sys::path::append(InToolkit, Name);
      if (llvm::sys::fs::exists(InToolkit)) {
        Text += ("#include \"" + InToolkit + "\"").str();
        Pinned = true;
      } else {
        Text += Line;
      }
    } else {
      Text += Line;
    }
    if (EndsLine)
      Text += '\n';
    Rest = After;
  }
  if (!Pinned)
    return std::nullopt;
  return Text;
}

const WrapperOverlay *
cudaWrapperOverlay(llvm::ArrayRef<std::string> CommandLine) {
  llvm::SmallString<256> Path(resourceDirOf(CommandLine));
  llvm::sys::path::append(Path, "include", "__clang_cuda_runtime_wrapper.h");
  llvm::SmallString<256> CudaInclude(cudaPathOf(CommandLine));
  llvm::sys::path::append(CudaInclude, "include");

  // Read once per run for each pair: -j parses ask at once.
  static std::mutex Lock;
  static llvm::StringMap<std::optional<WrapperOverlay>> Known;
  std::lock_guard<std::mutex> Guard(Lock);
  auto [It, Inserted] = Known.try_emplace((Path + "\n" + CudaInclude).str());
  if (!Inserted)
    return It->second ? &*It->second : nullptr;
  auto Wrapper = llvm::MemoryBuffer::getFile(Path);
  if (!Wrapper)
    return nullptr;
  std::string Text = (*Wrapper)->getBuffer().str();
  bool Changed = false;
  if (auto Replaced = wrapperWithStdAllocation(Text)) {
    Text = std::move(*Replaced);
    Changed = true;
  }
  if (auto Pinned = wrapperWithToolkitPaths(Text, CudaInclude)) {
    Text = std::move(*Pinned);
    Changed = true;
  }
  if (Changed)
    It->second = WrapperOverlay{std::string(Path), std::move(Text)};
  return It->second ? &*It->second : nullptr;
}

} // namespace cdp
