//===- LayoutDivergence.cpp - Layouts that compilers disagree on ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "ParamLayout/LayoutDivergence.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace cdp {

/// The definition of the record \p Type is or holds as array element.
static const RecordDecl *recordOf(QualType Type) {
  const auto *Record = Type->getBaseElementTypeUnsafe()->getAsRecordDecl();
  return Record ? Record->getDefinition() : nullptr;
}

/// Calls \p Visit on the type of each base and member of \p Record; stops
/// at, and returns, the first true.
template <class Callback>
static bool anySubobject(const RecordDecl &Record, Callback Visit) {
  if (const auto *Class = dyn_cast<CXXRecordDecl>(&Record))
    for (const CXXBaseSpecifier &Base : Class->bases())
      if (Visit(Base.getType()))
        return true;
  for (const FieldDecl *Field : Record.fields())
    if (Visit(Field->getType()))
      return true;
  return false;
}

bool clangLayoutMayDiffer(QualType Type) {
  const RecordDecl *Record = recordOf(Type);
  if (!Record)
    return false;
  if (Record->hasAttr<PackedAttr>())
    return true;
  if (llvm::any_of(Record->fields(), [](const FieldDecl *Field) {
        return Field->hasAttr<PackedAttr>();
      }))
    return true;
  return anySubobject(*Record, clangLayoutMayDiffer);
}

/// Whether \p Type is, or holds anywhere, a type that an attribute aligns
/// above its natural alignment (__align__ or alignas on a record, aligned
/// on a typedef or a member; CUDA's int4 and the other vector types are
/// records aligned so). __half, aligned to the 2 bytes it has anyway, is not.
static bool holdsOverAlignment(QualType Type, const ASTContext &Context) {
  while (const ArrayType *Array = Context.getAsArrayType(Type))
    Type = Array->getElementType();
  uint64_t Align = Context.getTypeAlign(Type);
  if (Align > Context.getTypeAlign(Type.getCanonicalType()))
    return true; // An aligned typedef.
  const RecordDecl *Record = recordOf(Type);
  if (!Record)
    return false;
  uint64_t Natural = 8;
  bool Holds = anySubobject(*Record, [&](QualType Sub) {
    Natural = std::max<uint64_t>(Natural, Context.getTypeAlign(Sub));
    return holdsOverAlignment(Sub, Context);
  });
  return Holds || Align > Natural ||
         llvm::any_of(Record->fields(), [](const FieldDecl *Field) {
           return Field->hasAttr<AlignedAttr>();
         });
}

const FieldDecl *unknowableLayoutMember(QualType Type,
                                        const ASTContext &Context) {
  const RecordDecl *Record = recordOf(Type);
  if (!Record)
    return nullptr;
  for (const FieldDecl *Field : Record->fields()) {
    if (Field->hasAttr<NoUniqueAddressAttr>())
      return Field;
    bool Packed = Record->hasAttr<PackedAttr>() || Field->hasAttr<PackedAttr>();
    if (Packed && (Field->hasAttr<AlignedAttr>() ||
                   holdsOverAlignment(Field->getType(), Context)))
      return Field;
  }
  const FieldDecl *Found = nullptr;
  anySubobject(*Record, [&](QualType Sub) {
    Found = unknowableLayoutMember(Sub, Context);
    return Found != nullptr;
  });
  return Found;
}

} // namespace cdp
