//===- ParamLayout.cpp - Parameter-buffer layout of a kernel --------------===//

#include "ParamLayout/ParamLayout.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/Support/MathExtras.h"

using namespace clang;

namespace cdp {

KernelParamLayout layoutParams(llvm::ArrayRef<ParamType> Types) {
  KernelParamLayout Layout;
  uint64_t End = 0;
  for (const ParamType &Type : Types) {
    uint64_t Align = std::min(Type.Align, ParamAlignCap);
    uint64_t Offset = llvm::alignTo(End, Align);
    Layout.Params.push_back({Offset, Type.Size, Align});
    Layout.BufferAlign = std::max(Layout.BufferAlign, Align);
    End = Offset + Type.Size;
  }
  Layout.BufferSize = End;
  return Layout;
}

llvm::Expected<KernelParamLayout>
computeParamLayout(const FunctionDecl &Kernel, const ASTContext &Context) {
  std::vector<ParamType> Types;
  for (const ParmVarDecl *Param : Kernel.parameters()) {
    QualType Type = Param->getType();
    if (Type->isDependentType() || Type->isIncompleteType())
      return llvm::createStringError(
          "the layout of parameter '%s' of '%s' is not known until "
          "instantiation",
          Param->getName().str().c_str(),
          Kernel.getNameAsString().c_str());
    Types.push_back(
        {static_cast<uint64_t>(Context.getTypeSizeInChars(Type).getQuantity()),
         static_cast<uint64_t>(
             Context.getTypeAlignInChars(Type).getQuantity())});
  }
  return layoutParams(Types);
}

} // namespace cdp
