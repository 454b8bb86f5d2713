//===- MemorySpaceCheck.cpp - Local and shared pointers given to children -===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-local-pointer, cdp-shared-pointer. The guides: "It is illegal to pass a
// pointer to local memory as a launch argument when launching a child
// kernel", shared memory "is not visible or coherent between parent and
// child", and cudaMemcpy*Async/cudaMemset*Async "may invoke new child
// kernels ... passing shared or local memory pointers to these APIs is
// illegal and will return an error". One class serves both memory spaces;
// each space is its own -W name.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "Checks/PointerOrigin.h"
#include "CudaAST/ExecutionSide.h"
#include "CudaAST/KernelName.h"
#include "CudaAST/RuntimeCalls.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

class MemorySpaceCheck : public LaunchCheck {
public:
  MemorySpaceCheck(StringRef Name, CheckContext &Context, MemorySpace Space)
      : LaunchCheck(Name, Context), Space(Space) {}

  void registerMatchers(MatchFinder &Finder) override {
    LaunchCheck::registerMatchers(Finder);
    addRuntimeCallMatchers(Finder,
                           {"cudaMemcpyAsync", "cudaMemcpy2DAsync",
                            "cudaMemcpy3DAsync", "cudaMemsetAsync",
                            "cudaMemset2DAsync", "cudaMemset3DAsync"},
                           this);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    if (Result.Nodes.getNodeAs<CUDAKernelCallExpr>("launch")) {
      LaunchCheck::run(Result);
      return;
    }
    const auto *CallNode = Result.Nodes.getNodeAs<Expr>("call");
    const CodeSite *Site = deviceSiteToCheck(*CallNode);
    if (!Site)
      return;
    if (std::optional<RuntimeCall> Call = asRuntimeCall(*CallNode))
      checkMemoryCall(*Call, *Site);
  }

private:
  /// The analysis of the function around \p Site; null outside one.
  const PointerOriginAnalysis *analysisFor(const CodeSite &Site);
  void checkLaunch(const CUDAKernelCallExpr &Launch,
                   const CodeSite &Site) override;
  void checkMemoryCall(const RuntimeCall &Call, const CodeSite &Site);
  /// Reports each pointer in \p Arg (the pointer itself, or the pointer
  /// fields of a struct passed by value) that points into this space.
  void checkArgument(const Expr &Arg, const PointerOriginAnalysis &Analysis,
                     unsigned Index, StringRef Callee, bool IsLaunch);
  void report(const Expr &Arg, unsigned Index, StringRef Callee, bool IsLaunch,
              const FieldDecl *Field, const PointerOrigin &Origin,
              bool ByReference = false);

  MemorySpace Space;
};

const PointerOriginAnalysis *
MemorySpaceCheck::analysisFor(const CodeSite &Site) {
  const FunctionDecl *Function = Site.Function;
  if (!Function || !Function->getBody())
    return nullptr;
  return &Context.pointerOrigins(*Function);
}

void MemorySpaceCheck::checkLaunch(const CUDAKernelCallExpr &Launch,
                                   const CodeSite &Site) {
  if (Site.Side != LaunchSide::Device)
    return;
  const PointerOriginAnalysis *Analysis = analysisFor(Site);
  if (!Analysis)
    return;
  const FunctionDecl *Kernel = Launch.getDirectCallee();
  std::string Callee = quotedKernelName(Kernel, "", "kernel");
  unsigned Index = 0;
  for (const Expr *Arg : Launch.arguments()) {
    ++Index;
    // A reference parameter is passed the address of the object it binds.
    if (Kernel && Index <= Kernel->getNumParams() &&
        Kernel->getParamDecl(Index - 1)->getType()->isReferenceType()) {
      // A temporary (`child<<<1, 1>>>(Graph{})`) lives in the parent's
      // local memory too, for the parent's full expression only.
      if (isa<MaterializeTemporaryExpr>(Arg->IgnoreImpCasts())) {
        if (Space == MemorySpace::Local)
          diag(Arg->getBeginLoc(),
               "cannot pass a temporary by reference to child kernel %0 "
               "(argument %1): it lives in the parent's local memory, which "
               "a child grid cannot access; pass a global object (a "
               "__device__ variable, cudaMalloc or malloc) instead")
              << Callee << Index << Arg->getSourceRange();
        continue;
      }
      if (auto Origin = Analysis->objectOriginOf(*Arg, Arg->getBeginLoc()))
        report(*Arg, Index, Callee, /*IsLaunch=*/true, nullptr, *Origin,
               /*ByReference=*/true);
      continue;
    }
    checkArgument(*Arg, *Analysis, Index, Callee, /*IsLaunch=*/true);
  }
}

void MemorySpaceCheck::checkMemoryCall(const RuntimeCall &Call,
                                       const CodeSite &Site) {
  const PointerOriginAnalysis *Analysis = analysisFor(Site);
  if (!Analysis)
    return;
  std::string Callee = Call.Name.str();
  unsigned Index = 0;
  for (const Expr *Arg : Call.Args) {
    ++Index;
    // cudaMemcpy3DAsync reads its parameter struct before it returns, so the
    // struct may be local; the pointers inside it may not.
    const auto *AddressOf = dyn_cast<UnaryOperator>(Arg->IgnoreParenCasts());
    if (Call.Name == "cudaMemcpy3DAsync" && Index == 1 && AddressOf &&
        AddressOf->getOpcode() == UO_AddrOf) {
      checkArgument(*AddressOf->getSubExpr(), *Analysis, Index, Callee,
                    /*IsLaunch=*/false);
      continue;
    }
    checkArgument(*Arg, *Analysis, Index, Callee, /*IsLaunch=*/false);
  }
}

void MemorySpaceCheck::checkArgument(const Expr &Arg,
                                     const PointerOriginAnalysis &Analysis,
                                     unsigned Index, StringRef Callee,
                                     bool IsLaunch) {
  SourceLocation Use = Arg.getBeginLoc();
  QualType Type = Arg.IgnoreParenImpCasts()->getType();
  if (Type->isPointerType() || Type->isArrayType()) {
    if (auto Origin = Analysis.originOf(Arg, Use))
      report(Arg, Index, Callee, IsLaunch, nullptr, *Origin);
    return;
  }
  if (Type->isRecordType())
    for (const auto &Field : Analysis.fieldOriginsOf(Arg, Use))
      report(Arg, Index, Callee, IsLaunch, Field.Field, Field.Origin);
}

void MemorySpaceCheck::report(const Expr &Arg, unsigned Index, StringRef Callee,
                              bool IsLaunch, const FieldDecl *Field,
                              const PointerOrigin &Origin, bool ByReference) {
  if (Origin.Space != Space)
    return;
  bool Local = Space == MemorySpace::Local;
  std::string Format =
      ByReference ? (Local ? "cannot pass local memory by reference to "
                           : "cannot pass __shared__ memory by reference to ")
      : Local     ? "cannot pass a pointer to local memory to "
                  : "cannot pass a pointer to __shared__ memory to ";
  Format += IsLaunch ? "child kernel %0 (argument %1" : "%0 (argument %1";
  Format += Field ? ", field %2)" : ")";
  if (IsLaunch)
    Format += Local ? ": a child grid cannot access its parent's local "
                      "memory; pass global memory (a __device__ variable, "
                      "cudaMalloc or malloc) instead"
                    : ": a child grid cannot access its parent's shared "
                      "memory; copy the data to global memory and pass that";
  else
    Format += ": device-side memcpy and memset may run as a child grid and "
              "fail for local or shared memory; use global memory instead";
  {
    // The builder emits when it goes out of scope; the note must follow.
    auto Diag = diag(Arg.getBeginLoc(), Format);
    Diag << Callee << Index << Arg.getSourceRange();
    if (Field)
      Diag << Field;
  }

  const VarDecl *Object = Origin.Object;
  if (!Local)
    note(Object->getLocation(), "%0 is declared __shared__ here") << Object;
  else if (isa<ParmVarDecl>(Object))
    note(Object->getLocation(),
         "%0 is a parameter passed by value: it lives in the parent's local "
         "memory")
        << Object;
  else
    note(Object->getLocation(), "%0 is a local variable of the parent")
        << Object;
}

} // namespace

std::unique_ptr<Check> createLocalPointerCheck(StringRef Name,
                                               CheckContext &Context) {
  return std::make_unique<MemorySpaceCheck>(Name, Context, MemorySpace::Local);
}

std::unique_ptr<Check> createSharedPointerCheck(StringRef Name,
                                                CheckContext &Context) {
  return std::make_unique<MemorySpaceCheck>(Name, Context, MemorySpace::Shared);
}

} // namespace cdp
