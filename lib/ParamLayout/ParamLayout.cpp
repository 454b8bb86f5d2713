//===- ParamLayout.cpp - Parameter-buffer layout of a kernel --------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "ParamLayout/ParamLayout.h"

#include "CudaAST/Target.h"
#include "ParamLayout/LayoutDivergence.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/Support/MathExtras.h"

#include "llvm/Support/MathExtras.h"
#include <cassert>

using namespace clang;

namespace cdp {

uint64_t paramAlignmentBase(unsigned SmVersion) {
  if (SmVersion >= 100)
    return 0; // Parameters start at 0x380, but alignment counts from there.
  if (SmVersion >= 90)
    return 0x210;
  return 0x160;
}

KernelParamLayout layoutParams(llvm::ArrayRef<ParamType> Types,
                               uint64_t AlignmentBase) {
  KernelParamLayout Layout;
  uint64_t End = 0;
  for (const ParamType &Type : Types) {
    assert(llvm::isPowerOf2_64(Type.Align) && "alignments are powers of two");
    uint64_t Offset =
        llvm::alignTo(AlignmentBase + End, Type.Align) - AlignmentBase;
    assert(Offset >= End && (AlignmentBase + Offset) % Type.Align == 0 &&
           "each parameter at the next aligned position, in order");
    Layout.Params.push_back({Offset, Type.Size, Type.Align});
    Layout.BufferAlign = std::max(Layout.BufferAlign, Type.Align);
    Layout.DependsOnArch |= Type.Align > ArchIndependentAlign;
    End = Offset + Type.Size;
  }
  Layout.BufferSize = End;
  return Layout;
}

llvm::Expected<KernelParamLayout>
computeParamLayout(const FunctionDecl &Kernel, const ASTContext &Context) {
  llvm::SmallVector<QualType, 8> Types;
  for (const ParmVarDecl *Param : Kernel.parameters())
    Types.push_back(Param->getType());
  return computeParamLayout(Types, Context);
}

llvm::Expected<KernelParamLayout>
computeParamLayout(llvm::ArrayRef<QualType> ParamTypes,
                   const ASTContext &Context) {
  std::vector<ParamType> Types;
  bool Divergent = false;
  for (QualType Type : ParamTypes) {
    if (Type->isDependentType() || Type->isIncompleteType())
      return llvm::createStringError(
          "the layout of a parameter is not known until instantiation");
    Divergent |= clangLayoutMayDiffer(Type);
    Types.push_back(
        {static_cast<uint64_t>(Context.getTypeSizeInChars(Type).getQuantity()),
         static_cast<uint64_t>(
             Context.getTypeAlignInChars(Type).getQuantity())});
  }
  KernelParamLayout Layout =
      layoutParams(Types, paramAlignmentBase(targetSmVersion(Context)));
  Layout.NeedsNvccLayout = Divergent;
  return Layout;
}

} // namespace cdp
