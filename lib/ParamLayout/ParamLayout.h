//===- ParamLayout.h - Parameter-buffer layout of a kernel ------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Where each argument of a device-side launch goes in the parameter buffer.
//
// The rule (shared with runtime/include/cdp/launch.cuh, which static_asserts
// agreement on every lowered launch) is the one ptxas applies, as recorded
// in the cubin (EIATTR_KPARAM_INFO): parameters are placed in order, each at
// the next position that is a multiple of its type's alignment, counted from
// a per-architecture origin. Measured from the cubins of sm_75 to sm_121
// (test/fuzz/layout_fuzz.py keeps measuring it):
//
//   sm_75 .. sm_89   positions are addresses in constant bank 0, where the
//                    parameters start at 0x160;
//   sm_90            the same, starting at 0x210;
//   sm_100 and later the parameters start at 0x380, but positions count from
//                    that start: an __align__(256) parameter goes to offset 0,
//                    not to the absolute multiple of 256 (offset 128).
//
// Offsets are relative to the start of the parameters; the buffer ends where
// the last parameter ends. Every origin is a multiple of 16, so for
// alignments up to 16 this is the plain "next multiple of the alignment"
// rule. Above 16 it is not: on sm_90 an __align__(32) parameter at the start
// of the buffer lands at offset 16. The guide's "multiple of the parameter
// size" holds only for scalars, and nvcc's own lowering gets __align__(32)
// parameters wrong.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_PARAMLAYOUT_PARAMLAYOUT_H
#define CDP_LOWER_PARAMLAYOUT_PARAMLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class QualType;
} // namespace clang

namespace cdp {

/// Alignments up to this one give the same offsets on every architecture.
constexpr uint64_t ArchIndependentAlign = 16;
/// The largest parameter buffer a device-side launch accepts.
constexpr uint64_t ParamBufferLimit = 4096;

/// Size and alignment of one parameter type, in bytes.
struct ParamType {
  uint64_t Size;
  uint64_t Align;
};

/// One parameter's place in the buffer.
struct ParamSlot {
  uint64_t Offset;
  uint64_t Size;
  uint64_t Align;
};

struct KernelParamLayout {
  std::vector<ParamSlot> Params;
  uint64_t BufferSize = 0;
  /// The alignment argument of cudaGetParameterBuffer: the largest one.
  uint64_t BufferAlign = 1;
  /// Some parameter is aligned above 16: its offset differs between
  /// architectures, so a multi-architecture build needs the runtime's
  /// per-architecture computation.
  bool DependsOnArch = false;
  /// Some parameter type holds a packed record, which clang and nvcc lay
  /// out differently (see LayoutDivergence.h); the child reads nvcc's
  /// layout, so the offsets are left to the runtime, which nvcc compiles.
  /// The fields above are then clang's: an upper bound of the size.
  bool NeedsNvccLayout = false;

  /// Whether the offsets are known here; otherwise the runtime computes
  /// them in each device pass.
  bool offsetsKnown() const { return !DependsOnArch && !NeedsNvccLayout; }
  bool fitsParamBuffer() const { return BufferSize <= ParamBufferLimit; }
};

/// Where ptxas counts parameter alignment from on sm_<SmVersion>, relative
/// to the start of the parameters: minus their constant-bank-0 address up to
/// sm_90, zero from sm_100 on. Returned as the distance to add to an offset
/// to get the position that must be a multiple of the alignment.
uint64_t paramAlignmentBase(unsigned SmVersion);

/// The layout rule itself, on sizes and alignments.
KernelParamLayout layoutParams(llvm::ArrayRef<ParamType> Types,
                               uint64_t AlignmentBase);

/// The layout of \p Kernel's parameters for the GPU architecture \p Context
/// targets. Fails for a parameter whose type is dependent or incomplete (its
/// layout is then left to the runtime).
llvm::Expected<KernelParamLayout>
computeParamLayout(const clang::FunctionDecl &Kernel,
                   const clang::ASTContext &Context);

/// The same for a kernel known only by its parameter types (launched
/// through a pointer).
llvm::Expected<KernelParamLayout>
computeParamLayout(llvm::ArrayRef<clang::QualType> ParamTypes,
                   const clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_PARAMLAYOUT_PARAMLAYOUT_H
