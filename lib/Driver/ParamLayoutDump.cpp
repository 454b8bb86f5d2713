//===- ParamLayoutDump.cpp - --print-param-layout -------------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/ParamLayoutDump.h"

#include "CudaAST/Target.h"
#include "ParamLayout/LayoutDivergence.h"
#include "ParamLayout/ParamLayout.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cdp {
namespace {

class ParamLayoutDumper : public ASTConsumer,
                          public RecursiveASTVisitor<ParamLayoutDumper> {
public:
  ParamLayoutDumper(llvm::raw_ostream &Out, const std::vector<unsigned> &Archs)
      : Out(Out), Archs(Archs) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    Context = &Ctx;
    if (Archs.empty())
      Archs.push_back(targetSmVersion(Ctx));
    TraverseDecl(Ctx.getTranslationUnitDecl());
  }

  bool VisitFunctionDecl(FunctionDecl *Kernel) {
    const SourceManager &SM = Context->getSourceManager();
    if (Kernel->hasAttr<CUDAGlobalAttr>() && !Kernel->isDependentContext() &&
        Kernel == Kernel->getCanonicalDecl() &&
        SM.isInMainFile(SM.getExpansionLoc(Kernel->getLocation())))
      dumpKernel(*Kernel);
    return true;
  }

private:
  llvm::raw_ostream &Out;
  std::vector<unsigned> Archs;
  ASTContext *Context = nullptr;

  void dumpKernel(const FunctionDecl &Kernel) {
    std::string Name;
    llvm::raw_string_ostream NameOS(Name);
    Kernel.getNameForDiagnostic(NameOS, Context->getPrintingPolicy(),
                                /*Qualified=*/true);
    llvm::SmallVector<QualType, 8> Types;
    for (const ParmVarDecl *Param : Kernel.parameters())
      Types.push_back(Param->getType());
    for (unsigned Arch : Archs) {
      Out << "kernel " << Name << " sm_" << Arch << " ";
      if (llvm::any_of(Types, [&](QualType T) {
            return unknowableLayoutMember(T, *Context) != nullptr;
          })) {
        Out << "layout=unknown (a parameter holds a [[no_unique_address]] "
               "member or an over-aligned member of a packed record, whose "
               "size nvcc's front end and code generator disagree on)\n";
        continue;
      }
      llvm::Expected<KernelParamLayout> Layout =
          computeParamLayout(Types, *Context);
      if (!Layout) {
        Out << "layout=unknown (" << llvm::toString(Layout.takeError())
            << ")\n";
        continue;
      }
      if (Layout->NeedsNvccLayout) {
        Out << "layout=nvcc (a parameter holds a packed record, which clang "
               "lays out differently; the runtime computes the offsets)\n";
        continue;
      }
      // Sizes and alignments are the same for every architecture; where
      // alignment counts from is not.
      std::vector<ParamType> Params;
      for (const ParamSlot &Slot : Layout->Params)
        Params.push_back({Slot.Size, Slot.Align});
      KernelParamLayout ForArch =
          layoutParams(Params, paramAlignmentBase(Arch));
      Out << "size=" << ForArch.BufferSize << " align=" << ForArch.BufferAlign
          << " offsets=";
      for (size_t I = 0; I < ForArch.Params.size(); ++I)
        Out << (I ? "," : "") << ForArch.Params[I].Offset;
      Out << "\n";
    }
  }
};

} // namespace

std::unique_ptr<ASTConsumer>
ParamLayoutDumpAction::CreateASTConsumer(CompilerInstance &, StringRef) {
  return std::make_unique<ParamLayoutDumper>(Out, Archs);
}

} // namespace cdp
