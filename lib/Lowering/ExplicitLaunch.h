//===- ExplicitLaunch.h - Launch as runtime calls ---------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --emit=explicit spells `child<<<n, 32, 0, s>>>(out, 1)` as the calls that
// the runtime form makes, in a lambda called where the launch stood (so it
// is still one expression):
//
//   [&] {
//     void (*cdp_kernel)(int *, char) = child;
//     const dim3 cdp_grid = n;
//     const dim3 cdp_block = 32;
//     const unsigned cdp_shmem = 0;
//     const cudaStream_t cdp_stream = s;
//     int *cdp_arg0 = out;
//     char cdp_arg1 = 1;
//     void *cdp_buffer = cudaGetParameterBufferV2(
//         reinterpret_cast<void *>(cdp_kernel), cdp_grid, cdp_block,
//         cdp_shmem);
//     if (cdp_buffer) {
//       char *cdp_params = static_cast<char *>(cdp_buffer);
//       *reinterpret_cast<int **>(cdp_params + 0) = cdp_arg0;
//       *reinterpret_cast<char *>(cdp_params + 8) = cdp_arg1;
//       cudaLaunchDeviceV2(cdp_buffer, cdp_stream);
//     }
//   }()
//
// The operands keep their text: the pieces below replace only the tokens
// between them (`<<<`, the commas, `>>>(`, the closing `)`). Each argument
// initialises a variable of its parameter's type, which is how a call
// converts it, in source order after the configuration, as the runtime form
// evaluates them. The V2 pair accepts every stream, the tail-launch and
// fire-and-forget streams included (the V1 pair rejects them), so the
// explicit form always uses it. Where the offsets differ between
// architectures (a parameter aligned above 16), the stores are written
// once per architecture family under `#if __CUDA_ARCH__`.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_LOWERING_EXPLICITLAUNCH_H
#define CDP_LOWER_LOWERING_EXPLICITLAUNCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>

namespace cdp {

struct ExplicitLaunchInput {
  /// Each parameter's type, as the output writes it (`int *`, `::Pair`).
  llvm::SmallVector<std::string, 8> ParamTypes;
  /// How a parameter's argument goes into the buffer.
  enum class Store {
    /// `*reinterpret_cast<T *>(slot) = arg;`
    Assign,
    /// memcpy: the type's copy assignment is user-provided and must not
    /// run on the buffer's uninitialised bytes.
    Bytes,
    /// A reference parameter: the address of the object it binds, which
    /// is what the child reads (cdp/launch.cuh's PassedAs).
    Address,
  };
  /// Each parameter's Store.
  llvm::SmallVector<Store, 8> Stores;
  /// Whether taking the address of a parameter's argument (Bytes, Address)
  /// would call a user's `operator&`; the text then writes
  /// `__builtin_addressof(arg)`, else `&arg`.
  llvm::SmallVector<bool, 8> OverloadsAddressOf;
  /// The parameters' offsets, per architecture family: a preprocessor
  /// condition (`__CUDA_ARCH__ >= 1000`; empty for the last, the `#else`)
  /// and the offsets under it. One entry when they agree everywhere.
  struct Offsets {
    std::string Condition;
    llvm::SmallVector<uint64_t, 8> Values;
  };
  llvm::SmallVector<Offsets, 3> OffsetsByArch;
  /// How many of `grid, block, shmem, stream` the launch writes (2 to 4).
  unsigned WrittenConfig = 2;
  /// How many arguments the launch writes; the kernel's default arguments
  /// for the rest, as written in its declaration.
  unsigned WrittenArgs = 0;
  llvm::SmallVector<std::string, 2> DefaultArgTexts;
  /// The indentation of the launch's line.
  std::string Indent;
};

/// The text that replaces each token between the launch's operands.
struct ExplicitLaunchText {
  std::string BeforeCallee; ///< Inserted before the kernel's name.
  std::string TripleLess;   ///< Replaces `<<<`.
  /// Replace the commas after the first, second and third written
  /// configuration operands.
  llvm::SmallVector<std::string, 3> ConfigCommas;
  std::string TripleGreater; ///< Replaces `>>>` up to and with `(`.
  /// Replace the commas between the written arguments.
  llvm::SmallVector<std::string, 8> ArgCommas;
  std::string RParen; ///< Replaces the launch's closing `)`.
};

ExplicitLaunchText spellExplicitLaunch(const ExplicitLaunchInput &Input);

} // namespace cdp

#endif // CDP_LOWER_LOWERING_EXPLICITLAUNCH_H
