//===- MigrateCdp1Action.cpp - Rewrite CDP1 code for CDP2 -----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Migration/MigrateCdp1Action.h"

#include "Migration/DeviceSyncMigration.h"
#include "Migration/HostApiMigration.h"
#include "Migration/MigrationDiagnostics.h"

#include "CudaAST/FunctionStackVisitor.h"
#include "CudaAST/NvccAcceptedErrors.h"
#include "CudaAST/RuntimeCalls.h"
#include "Lowering/SelectedHeaders.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/MapVector.h"

#include <map>

using namespace clang;

namespace cdp {
namespace {

/// True when \p E is 1, or a dim3 of ones.
bool isOne(const Expr *E, const ASTContext &Context) {
  E = E->IgnoreImplicit();
  while (true) {
    if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
      E = Cast->getSubExpr()->IgnoreImplicit();
    else if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
      E = Temp->getSubExpr()->IgnoreImplicit();
    else if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
      E = Bind->getSubExpr()->IgnoreImplicit();
    else
      break;
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    for (const Expr *Arg : Construct->arguments()) {
      if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
        Arg = Default->getExpr();
      if (!isOne(Arg, Context))
        return false;
    }
    return Construct->getNumArgs() > 0;
  }
  Expr::EvalResult Value;
  return !E->isValueDependent() && E->EvaluateAsInt(Value, Context) &&
         Value.Val.getInt() == 1;
}

class Cdp1Finder : public FunctionStackVisitor<Cdp1Finder> {
public:
  Cdp1Finder(ASTContext &Context, SourceEdits &Edits,
             llvm::function_ref<SourceEdits *(FileID)> HeaderEdits,
             bool KeepLineNumbers)
      : Context(Context), SM(Context.getSourceManager()), Edits(Edits),
        HeaderEdits(HeaderEdits), KeepLineNumbers(KeepLineNumbers) {}

  bool shouldVisitTemplateInstantiations() const { return false; }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Launch) {
    const FunctionDecl *Kernel = Launch->getDirectCallee();
    const CallExpr *Config = Launch->getConfig();
    if (!Kernel || !Config || Config->getNumArgs() < 2)
      return true;
    bool One =
        isOne(Config->getArg(0), Context) && isOne(Config->getArg(1), Context);
    auto [It, New] = SingleThread.try_emplace(Kernel->getCanonicalDecl(), One);
    if (!New)
      It->second &= One;
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Function = currentFunction();
    if (!Function)
      return true;
    bool DeviceSide = Function->hasAttr<CUDAGlobalAttr>() ||
                      Function->hasAttr<CUDADeviceAttr>();
    const SourceLocation At = SM.getExpansionLoc(Call->getBeginLoc());
    const bool InMain = SM.isInMainFile(At);
    if (!InMain && (!DeviceSide || Function->hasAttr<CUDAHostAttr>())) {
      // A selected header's host calls; its name decides where.
      if (SourceEdits *InHeader = HeaderEdits(SM.getFileID(
              SM.getSpellingLoc(Call->getCallee()->getBeginLoc()))))
        migrateHostCall(Context, *Call, KeepLineNumbers, *InHeader);
      return true;
    }
    // A kernel's synchronisations are migrated in the file that holds the
    // kernel: the main file, or a header --header-filter selects (a CDP1
    // project's kernels are often in a `.cu` that another includes).
    SourceEdits *Target = InMain ? &Edits : HeaderEdits(SM.getFileID(At));
    if (!Target)
      return true;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Callee->getIdentifier() &&
        Callee->getName() == DeviceSynchronizeName && DeviceSide) {
      if (Function->hasAttr<CUDAGlobalAttr>() &&
          !isa<CXXMethodDecl>(Function)) {
        KernelSyncs &Kernel = Syncs[Function];
        Kernel.Calls.push_back(Call);
        Kernel.Edits = Target;
      } else {
        report(Context.getDiagnostics(),
               SM.getExpansionLoc(Call->getBeginLoc()),
               MigrationDiag::NotInKernel)
            << (isa<CXXMethodDecl>(Function) &&
                        cast<CXXMethodDecl>(Function)->getParent()->isLambda()
                    ? std::string("a lambda")
                    : "'" + Function->getQualifiedNameAsString() + "'");
        Failed = true;
      }
      return true;
    }
    if (!DeviceSide || Function->hasAttr<CUDAHostAttr>())
      migrateHostCall(Context, *Call, KeepLineNumbers, Edits);
    return true;
  }

  bool migrate() {
    bool Succeeded = !Failed;
    for (auto &[Kernel, InKernel] : Syncs) {
      auto It = SingleThread.find(Kernel->getCanonicalDecl());
      bool OneThread = It != SingleThread.end() && It->second;
      Succeeded &=
          migrateDeviceSyncs(Context, *Kernel, InKernel.Calls, OneThread,
                             KeepLineNumbers, *InKernel.Edits);
    }
    return Succeeded;
  }

private:
  ASTContext &Context;
  const SourceManager &SM;
  SourceEdits &Edits;
  llvm::function_ref<SourceEdits *(FileID)> HeaderEdits;
  bool KeepLineNumbers;
  bool Failed = false;
  struct KernelSyncs {
    std::vector<const CallExpr *> Calls;
    /// The edits of the file that holds the kernel.
    SourceEdits *Edits = nullptr;
  };
  llvm::MapVector<const FunctionDecl *, KernelSyncs> Syncs;
  /// Whether every launch of a kernel seen is <<<1, 1>>>.
  llvm::DenseMap<const FunctionDecl *, bool> SingleThread;
};

class MigrateConsumer : public ASTConsumer {
public:
  MigrateConsumer(const MigrationOptions &Options, MigratedFile &Result,
                  NvccAcceptedErrors &Accepted)
      : Options(Options), Result(Result), Accepted(Accepted) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    const SourceManager &SM = Context.getSourceManager();
    DiagnosticsEngine &Diags = Context.getDiagnostics();
    // Past clang's errors in code that nvcc builds, as the lowering goes.
    Accepted.settle(Context);
    if (!Accepted.onlyAcceptedErrors())
      return; // clang said why; the AST is not the program.
    SourceEdits Edits(SM, SM.getMainFileID());
    SelectedHeaders Selection(SM, Options.HeaderFilter);
    std::map<FileID, SourceEdits> Headers;
    auto HeaderEdits = [&](FileID File) -> SourceEdits * {
      if (File == SM.getMainFileID() || !Selection.edits(File))
        return nullptr;
      return &Headers.try_emplace(File, SM, File).first->second;
    };
    Cdp1Finder Finder(Context, Edits, HeaderEdits, Options.KeepLineNumbers);
    Finder.TraverseAST(Context);
    if (!Finder.migrate())
      return;
    std::optional<std::vector<TextEdit>> Resolved = Edits.resolve(Diags);
    if (!Resolved)
      return;
    for (auto &[File, Edits] : Headers) {
      std::optional<std::vector<TextEdit>> InHeader = Edits.resolve(Diags);
      if (!InHeader)
        return;
      if (!InHeader->empty())
        Result.Headers.push_back({absolutePath(SM, File),
                                  SM.getBufferData(File).str(),
                                  std::move(*InHeader)});
    }
    Result.Original = SM.getBufferData(SM.getMainFileID()).str();
    Result.Edits = std::move(*Resolved);
    Result.Succeeded = true;
  }

private:
  const MigrationOptions &Options;
  MigratedFile &Result;
  NvccAcceptedErrors &Accepted;
};

} // namespace

std::unique_ptr<ASTConsumer>
MigrateCdp1Action::CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) {
  return std::make_unique<MigrateConsumer>(Options, Result,
                                           NvccAcceptedErrors::install(CI));
}

} // namespace cdp
