//===- ParamLayout.h - Parameter-buffer layout of a kernel ------*- C++ -*-===//
//
// Where each argument of a device-side launch goes in the parameter buffer.
//
// The rule (shared with runtime/include/cdp/launch.cuh, which static_asserts
// agreement on every lowered launch) is the one ptxas applies, as recorded
// in the cubin (EIATTR_KPARAM_INFO): parameters are placed in order, each at
// the next address that is a multiple of its type's alignment, where
// addresses are counted in constant bank 0 and the parameters start at a
// per-architecture base (0x160 before sm_90, 0x210 on sm_90, 0x380 from
// sm_100 on). Offsets are relative to that base; the buffer ends where the
// last parameter ends.
//
// Every base is a multiple of 16, so for alignments up to 16 this is the
// plain "next multiple of the alignment" rule. Above 16 it is not: on sm_90
// an __align__(32) parameter at the start of the buffer lands at offset 16.
// The guide's "multiple of the parameter size" holds only for scalars, and
// nvcc's own lowering gets __align__(32) parameters wrong.
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

  bool fitsParamBuffer() const { return BufferSize <= ParamBufferLimit; }
};

/// Where the parameters start in constant bank 0 on sm_<SmVersion>.
uint64_t paramBankBase(unsigned SmVersion);

/// The layout rule itself, on sizes and alignments.
KernelParamLayout layoutParams(llvm::ArrayRef<ParamType> Types,
                               uint64_t BankBase);

/// The XY of the sm_XY (or sm_XYa) that a device-side parse targets; 90 when
/// the parse is not device-side.
unsigned targetSmVersion(const clang::ASTContext &Context);

/// The layout of \p Kernel's parameters for the GPU architecture \p Context
/// targets. Fails for a parameter whose type is dependent or incomplete (its
/// layout is then left to the runtime).
llvm::Expected<KernelParamLayout>
computeParamLayout(const clang::FunctionDecl &Kernel,
                   const clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_PARAMLAYOUT_PARAMLAYOUT_H
