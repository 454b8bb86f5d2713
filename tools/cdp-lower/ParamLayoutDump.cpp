//===- ParamLayoutDump.cpp - --print-param-layout -------------------------===//

#include "ParamLayoutDump.h"

#include "ParamLayout/LayoutDivergence.h"
#include "ParamLayout/ParamLayout.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"

using namespace clang;

namespace cdp {
namespace {

class ParamLayoutDumper : public ASTConsumer {
public:
  explicit ParamLayoutDumper(llvm::raw_ostream &Out) : Out(Out) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    const SourceManager &SM = Context.getSourceManager();
    for (const Decl *D : Context.getTranslationUnitDecl()->decls()) {
      // extern "C" kernels sit inside a linkage specification.
      if (const auto *Linkage = dyn_cast<LinkageSpecDecl>(D))
        for (const Decl *Nested : Linkage->decls())
          dumpKernel(Nested, Context, SM);
      else
        dumpKernel(D, Context, SM);
    }
  }

private:
  llvm::raw_ostream &Out;

  void dumpKernel(const Decl *D, ASTContext &Context,
                  const SourceManager &SM) {
    const auto *Kernel = dyn_cast<FunctionDecl>(D);
    if (!Kernel || !Kernel->hasAttr<CUDAGlobalAttr>() ||
        !SM.isInMainFile(Kernel->getLocation()))
      return;
    llvm::Expected<KernelParamLayout> Layout =
        computeParamLayout(*Kernel, Context);
    if (!Layout) {
      llvm::consumeError(Layout.takeError());
      return;
    }
    for (const ParmVarDecl *Param : Kernel->parameters()) {
      if (unknowableLayoutMember(Param->getType(), Context)) {
        Out << "kernel " << Kernel->getName() << " layout=unknown (parameter '"
            << Param->getName()
            << "' holds a [[no_unique_address]] member or an over-aligned "
               "member of a packed record, whose size nvcc's front end and "
               "code generator disagree on)\n";
        return;
      }
    }
    if (Layout->NeedsNvccLayout) {
      Out << "kernel " << Kernel->getName()
          << " layout=nvcc (a parameter holds a packed record, which clang "
             "lays out differently; the runtime computes the offsets)\n";
      return;
    }
    Out << "kernel " << Kernel->getName() << " size=" << Layout->BufferSize
        << " align=" << Layout->BufferAlign << " offsets=";
    for (size_t I = 0; I < Layout->Params.size(); ++I)
      Out << (I ? "," : "") << Layout->Params[I].Offset;
    Out << "\n";
  }
};

} // namespace

std::unique_ptr<ASTConsumer>
ParamLayoutDumpAction::CreateASTConsumer(CompilerInstance &, StringRef) {
  return std::make_unique<ParamLayoutDumper>(Out);
}

} // namespace cdp
