//===- ParamLayout.h - Parameter-buffer layout of a kernel ------*- C++ -*-===//
//
// Where each argument of a device-side launch goes in the parameter buffer.
//
// The rule (shared with runtime/include/cdp/launch.cuh, which static_asserts
// agreement on every lowered launch): parameters are placed in order, each at
// the next multiple of its alignment, where the alignment is the type's
// alignment capped at 16 bytes; the buffer ends where the last parameter
// ends. This is what ptxas records in the cubin (EIATTR_KPARAM_INFO). The
// guide's "multiple of the parameter size" holds only for scalars, and nvcc's
// own lowering does not apply the cap to __align__(32) types.
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

/// The largest alignment a parameter gets in the parameter bank.
constexpr uint64_t ParamAlignCap = 16;
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
  uint64_t Align; ///< After the cap.
};

struct KernelParamLayout {
  std::vector<ParamSlot> Params;
  uint64_t BufferSize = 0;
  /// The alignment argument of cudaGetParameterBuffer: the largest one.
  uint64_t BufferAlign = 1;

  bool fitsParamBuffer() const { return BufferSize <= ParamBufferLimit; }
};

/// The layout rule itself, on sizes and alignments.
KernelParamLayout layoutParams(llvm::ArrayRef<ParamType> Types);

/// The layout of \p Kernel's parameters. Fails for a parameter whose type is
/// dependent or incomplete (its layout is then left to the runtime).
llvm::Expected<KernelParamLayout>
computeParamLayout(const clang::FunctionDecl &Kernel,
                   const clang::ASTContext &Context);

} // namespace cdp

#endif // CDP_LOWER_PARAMLAYOUT_PARAMLAYOUT_H
