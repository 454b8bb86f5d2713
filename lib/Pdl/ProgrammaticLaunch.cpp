//===- ProgrammaticLaunch.cpp - Host launches that use PDL ----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Pdl/ProgrammaticLaunch.h"

#include "CudaAST/FunctionStackVisitor.h"
#include "CudaAST/RuntimeNames.h"
#include "CudaAST/WrittenText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

using namespace clang;

namespace cdp {

/// The call inside a stream argument: through the implicit conversion of
/// the programmaticEvent() temporary to cudaStream_t.
static const CallExpr *callInStream(const Expr &Stream) {
  const Expr *E = Stream.IgnoreImplicit();
  if (const auto *Conversion = dyn_cast<CXXMemberCallExpr>(E))
    if (isa<CXXConversionDecl>(Conversion->getMethodDecl()))
      E = Conversion->getImplicitObjectArgument()->IgnoreImplicit();
  return dyn_cast<CallExpr>(E->IgnoreParens());
}

std::optional<PdlMarker> pdlMarkerOf(const CUDAKernelCallExpr &Launch) {
  const CallExpr *Config = Launch.getConfig();
  if (!Config || Config->getNumArgs() < 4)
    return std::nullopt;
  const CallExpr *Call = callInStream(*Config->getArg(3));
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || Call->getNumArgs() == 0)
    return std::nullopt;
  std::string Name = Callee->getQualifiedNameAsString();
  PdlMarker Marker{Call, PdlAttribute::StreamSerialization, Call->getArg(0)};
  if (Name == runtime::PdlStreamSerialization)
    return Marker;
  if (Name != runtime::PdlProgrammaticEvent || Call->getNumArgs() < 2)
    return std::nullopt;
  Marker.Attribute = PdlAttribute::ProgrammaticEvent;
  Marker.Event = Call->getArg(1);
  if (Call->getNumArgs() > 2 && !isa<CXXDefaultArgExpr>(Call->getArg(2)))
    Marker.TriggerAtBlockStart = Call->getArg(2);
  return Marker;
}

namespace {

/// Collects the host launches of each function, in source order, and which
/// functions name a programmatic launch attribute.
class HostLaunchCollector : public FunctionStackVisitor<HostLaunchCollector> {
public:
  explicit HostLaunchCollector(ASTContext &Context)
      : Context(Context), SM(Context.getSourceManager()) {}

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Launch) {
    if (!currentFunction() || currentSide() != LaunchSide::Host)
      return true;
    HostLaunch Host{Launch, Launch->getDirectCallee(), {}, "", std::nullopt};
    for (const Expr *Arg : Launch->arguments())
      Host.Args.push_back(Arg);
    const CallExpr *Config = Launch->getConfig();
    std::optional<PdlMarker> Marker = pdlMarkerOf(*Launch);
    if (Marker)
      Host.Pdl = Marker->Attribute;
    if (Config && Config->getNumArgs() >= 4) {
      const Expr *Stream = Marker ? Marker->Stream : Config->getArg(3);
      if (!isa<CXXDefaultArgExpr>(Stream))
        Host.StreamText = text(*Stream);
    }
    Launches[currentFunction()].push_back(std::move(Host));
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (!currentFunction())
      return true;
    recordCall(*Call);
    StringRef Name = calleeName(*Call);
    if ((Name != "cudaLaunchKernelEx" && Name != "cudaLaunchKernelExC") ||
        Call->getNumArgs() < 2)
      return true;
    HostLaunch Host{Call, nullptr, {}, {}, std::nullopt};
    KernelSource Source = kernelSource(*Call, /*Index=*/1);
    // A helper's parameter: its callers name the kernel.
    if (Source.CallerArg)
      KernelParams[Call] = *Source.CallerArg;
    if (Name == "cudaLaunchKernelEx")
      for (unsigned I = 2; I < Call->getNumArgs(); ++I)
        Host.Args.push_back(Call->getArg(I));
    // The stream is set through the configuration, which is not followed:
    // for a hand-written launch, any earlier launch may be the primary.
    HandWritten.insert(Call);
    // One launch per kernel it may start (a choice names two).
    if (Source.Kernels.empty())
      Source.Kernels.push_back(nullptr);
    for (const FunctionDecl *Kernel : Source.Kernels) {
      Host.Kernel = Kernel;
      Launches[currentFunction()].push_back(Host);
    }
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (!currentFunction() || !isa<EnumConstantDecl>(Ref->getDecl()))
      return true;
    StringRef Name = Ref->getDecl()->getName();
    const FunctionDecl *Key = currentFunction()->getCanonicalDecl();
    if (Name == "cudaLaunchAttributeProgrammaticStreamSerialization")
      AttributesSet[Key].push_back(
          {Ref->getBeginLoc(), PdlAttribute::StreamSerialization});
    else if (Name == "cudaLaunchAttributeProgrammaticEvent")
      AttributesSet[Key].push_back(
          {Ref->getBeginLoc(), PdlAttribute::ProgrammaticEvent});
    return true;
  }

  std::vector<ProgrammaticLaunch> result() {
    std::vector<ProgrammaticLaunch> Found;
    for (auto &[Function, InOrder] : Launches) {
      for (size_t I = 0; I < InOrder.size(); ++I) {
        HostLaunch &Launch = InOrder[I];
        bool HandWrittenLaunch = HandWritten.count(Launch.Site);
        if (HandWrittenLaunch)
          Launch.Pdl =
              attributeSetBefore(Function, *cast<CallExpr>(Launch.Site));
        if (!Launch.Pdl)
          continue;
        if (auto Param = KernelParams.find(Launch.Site);
            Param != KernelParams.end()) {
          launchesThroughHelper(*Function, Param->second, *Launch.Pdl,
                                /*Depth=*/0, Found);
          continue;
        }
        ProgrammaticLaunch PDL{Launch, std::nullopt};
        for (size_t J = I; J-- > 0;) {
          const HostLaunch &Earlier = InOrder[J];
          if (Earlier.Site == Launch.Site)
            continue; // The same launch, of the other kernel of a choice.
          if (HandWrittenLaunch || HandWritten.count(Earlier.Site) ||
              Earlier.StreamText == Launch.StreamText) {
            PDL.Primary = Earlier;
            break;
          }
        }
        Found.push_back(std::move(PDL));
      }
    }
    llvm::sort(
        Found, [&](const ProgrammaticLaunch &A, const ProgrammaticLaunch &B) {
          return SM.isBeforeInTranslationUnit(A.Launch.Site->getBeginLoc(),
                                              B.Launch.Site->getBeginLoc());
        });
    return Found;
  }

private:
  /// The name a call's callee is written with, resolved or not (a call in
  /// a template may be dependent).
  static StringRef calleeName(const CallExpr &Call) {
    if (const FunctionDecl *Callee = Call.getDirectCallee())
      return Callee->getIdentifier() ? Callee->getName() : StringRef();
    if (const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(
            Call.getCallee()->IgnoreParenImpCasts()))
      return Lookup->getName().getAsIdentifierInfo()
                 ? Lookup->getName().getAsIdentifierInfo()->getName()
                 : StringRef();
    return "";
  }

  /// \p E without parentheses, casts and `std::forward<T>(...)`/
  /// `std::move(...)`, which pass a kernel on unchanged.
  static const Expr *forwarded(const Expr &E) {
    const Expr *Inner = E.IgnoreParenCasts();
    while (const auto *Call = dyn_cast<CallExpr>(Inner)) {
      StringRef Name = calleeName(*Call);
      if ((Name != "forward" && Name != "move") || Call->getNumArgs() != 1)
        break;
      Inner = Call->getArg(0)->IgnoreParenCasts();
    }
    return Inner;
  }

  /// The declarations \p E names, through what passes a kernel on
  /// unchanged (forwarded()), `&`, a local variable initialized with it
  /// (`auto kernel = child;`, as FlashInfer writes it) and both arms of a
  /// choice (`fast ? child<true> : child<false>`); none it does not know.
  static void referenced(const Expr &E,
                         llvm::SmallVectorImpl<const NamedDecl *> &Found,
                         unsigned Depth = 0) {
    const Expr *Inner = forwarded(E);
    if (const auto *AddressOf = dyn_cast<UnaryOperator>(Inner))
      if (AddressOf->getOpcode() == UO_AddrOf)
        Inner = forwarded(*AddressOf->getSubExpr());
    if (Depth > 4)
      return;
    if (const auto *Choice = dyn_cast<ConditionalOperator>(Inner)) {
      referenced(*Choice->getTrueExpr(), Found, Depth + 1);
      referenced(*Choice->getFalseExpr(), Found, Depth + 1);
      return;
    }
    // `child<N>` in a template: the kernel template it names.
    if (const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(Inner)) {
      if (Lookup->getNumDecls() == 1)
        if (const auto *Template =
                dyn_cast<FunctionTemplateDecl>(*Lookup->decls_begin()))
          Found.push_back(Template);
      return;
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(Inner);
    if (!Ref)
      return;
    if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()))
      if (!isa<ParmVarDecl>(Var) && Var->isLocalVarDecl() && Var->getInit())
        return referenced(*Var->getInit(), Found, Depth + 1);
    Found.push_back(Ref->getDecl());
  }

  /// The kernel \p D is; for a kernel template named with dependent
  /// arguments in a template, its first instantiation: every instantiation
  /// has the pattern's body, which is what the PDL checks read.
  static const FunctionDecl *kernelNamed(const NamedDecl *D) {
    if (const auto *Template = dyn_cast_or_null<FunctionTemplateDecl>(D)) {
      for (const FunctionDecl *Instance : Template->specializations())
        if (Instance->isDefined())
          return Instance;
      return nullptr;
    }
    return dyn_cast_or_null<FunctionDecl>(D);
  }

  /// Where the kernel that a call passes as its argument \p Index comes
  /// from: the kernels it names (two for a choice), or a parameter of the
  /// calling function, whose own callers then name it.
  struct KernelSource {
    llvm::SmallVector<const FunctionDecl *, 2> Kernels;
    /// The index of the argument the calling function's callers pass the
    /// kernel at.
    std::optional<unsigned> CallerArg;
  };
  /// An element of a parameter pack expanded in the call's arguments
  /// (`std::forward<Args>(args)...`) is the caller's argument at the
  /// pack's position plus the element's.
  static KernelSource kernelSource(const CallExpr &Call, unsigned Index) {
    for (unsigned I = 0; I < Call.getNumArgs() && I <= Index; ++I) {
      const auto *Pack =
          dyn_cast<PackExpansionExpr>(Call.getArg(I)->IgnoreParens());
      if (!Pack && I < Index)
        continue;
      llvm::SmallVector<const NamedDecl *, 2> Named;
      referenced(Pack ? *Pack->getPattern() : *Call.getArg(I), Named);
      KernelSource Source;
      const auto *Param =
          Named.size() == 1 ? dyn_cast<ParmVarDecl>(Named.front()) : nullptr;
      if (Param) {
        if (!Pack || Param->isParameterPack())
          Source.CallerArg = Param->getFunctionScopeIndex() + (Index - I);
      } else if (!Pack) {
        for (const NamedDecl *D : Named)
          if (const FunctionDecl *Kernel = kernelNamed(D))
            Source.Kernels.push_back(Kernel);
      }
      return Source;
    }
    return {};
  }

  /// The function a call's callee is, as written in the source: a
  /// template's pattern for a specialization or a dependent call.
  static const FunctionDecl *calledPattern(const CallExpr &Call) {
    const FunctionDecl *Callee = Call.getDirectCallee();
    if (!Callee)
      if (const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(
              Call.getCallee()->IgnoreParenImpCasts()))
        if (Lookup->getNumDecls() == 1)
          Callee = Lookup->decls_begin()->getAsFunction();
    if (!Callee)
      return nullptr;
    if (const FunctionTemplateDecl *Template = Callee->getPrimaryTemplate())
      Callee = Template->getTemplatedDecl();
    return Callee->getCanonicalDecl();
  }

  void recordCall(const CallExpr &Call) {
    if (const FunctionDecl *Callee = calledPattern(Call))
      CallsOf[Callee].push_back({&Call, currentFunction()});
  }

  /// The PDL launches that \p Helper makes of the kernel its parameter
  /// \p Index receives: one per call that names a kernel there, followed
  /// through callers that pass their own parameter on.
  void launchesThroughHelper(const FunctionDecl &Helper, unsigned Index,
                             PdlAttribute Attribute, unsigned Depth,
                             std::vector<ProgrammaticLaunch> &Found) {
    const FunctionDecl *Pattern = &Helper;
    if (const FunctionTemplateDecl *Template = Helper.getPrimaryTemplate())
      Pattern = Template->getTemplatedDecl();
    auto Calls = CallsOf.find(Pattern->getCanonicalDecl());
    if (Calls == CallsOf.end() || Depth > 8)
      return;
    for (const auto &[Call, Caller] : Calls->second) {
      // `lambda(kernel)` passes the lambda itself first.
      unsigned ArgIndex = Index + (isa<CXXOperatorCallExpr>(Call) &&
                                   isa<CXXMethodDecl>(Pattern));
      KernelSource Source = kernelSource(*Call, ArgIndex);
      if (Source.CallerArg) {
        launchesThroughHelper(*Caller, *Source.CallerArg, Attribute, Depth + 1,
                              Found);
        continue;
      }
      for (const FunctionDecl *Kernel : Source.Kernels) {
        if (!Kernel->hasAttr<CUDAGlobalAttr>())
          continue;
        // The call is the launch as the user wrote it; the launch before it
        // in the caller is the primary.
        ProgrammaticLaunch PDL{HostLaunch{Call, Kernel, {}, "", Attribute},
                               std::nullopt};
        auto Earlier = Launches.find(Caller);
        if (Earlier != Launches.end())
          for (const HostLaunch &Before : Earlier->second)
            if (SM.isBeforeInTranslationUnit(Before.Site->getBeginLoc(),
                                             Call->getBeginLoc()))
              PDL.Primary = Before;
        Found.push_back(std::move(PDL));
      }
    }
  }

  /// The programmatic attribute a hand-written launch in \p Function uses:
  /// the last one the function names before the launch; else, for a
  /// configuration variable initialized by a call (`auto config =
  /// pdlConfig(s)`), the last one the called function names; else, for a
  /// configuration the function receives as a parameter, one its caller
  /// names before the call.
  std::optional<PdlAttribute> attributeSetBefore(const FunctionDecl *Function,
                                                 const CallExpr &Launch) const {
    if (std::optional<PdlAttribute> Own =
            namedBefore(Function->getCanonicalDecl(), Launch.getBeginLoc()))
      return Own;
    const Expr *Config = Launch.getArg(0)->IgnoreParenImpCasts();
    if (const auto *AddressOf = dyn_cast<UnaryOperator>(Config))
      Config = AddressOf->getSubExpr()->IgnoreParenImpCasts();
    // `&built.config`: the variable that holds the configuration.
    while (const auto *Member = dyn_cast<MemberExpr>(Config))
      Config = Member->getBase()->IgnoreParenImpCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(Config);
    const auto *Variable = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Variable)
      return std::nullopt;
    if (!isa<ParmVarDecl>(Variable)) {
      const auto *Init =
          Variable->getInit()
              ? dyn_cast<CallExpr>(Variable->getInit()->IgnoreImplicit())
              : nullptr;
      const FunctionDecl *Builder = Init ? calledPattern(*Init) : nullptr;
      return Builder ? namedBefore(Builder, SourceLocation()) : std::nullopt;
    }
    const FunctionDecl *Pattern = Function;
    if (const FunctionTemplateDecl *Template = Function->getPrimaryTemplate())
      Pattern = Template->getTemplatedDecl();
    if (auto Callers = CallsOf.find(Pattern->getCanonicalDecl());
        Callers != CallsOf.end())
      for (const auto &[Call, Caller] : Callers->second)
        if (std::optional<PdlAttribute> Passed =
                namedBefore(Caller->getCanonicalDecl(), Call->getBeginLoc()))
          return Passed;
    return std::nullopt;
  }

  /// The last programmatic attribute \p Function names before \p Loc
  /// (anywhere, when \p Loc is invalid).
  std::optional<PdlAttribute> namedBefore(const FunctionDecl *Function,
                                          SourceLocation Loc) const {
    std::optional<PdlAttribute> Last;
    auto It = AttributesSet.find(Function);
    if (It == AttributesSet.end())
      return Last;
    for (const auto &[At, Attribute] : It->second)
      if (Loc.isInvalid() || SM.isBeforeInTranslationUnit(At, Loc))
        Last = Attribute;
    return Last;
  }

  std::string text(const Expr &E) const {
    std::string Text;
    for (char C : writtenText(E.getSourceRange(), SM, Context.getLangOpts()))
      if (!isspace(static_cast<unsigned char>(C)))
        Text += C;
    return Text;
  }

  ASTContext &Context;
  const SourceManager &SM;
  llvm::MapVector<const FunctionDecl *, std::vector<HostLaunch>> Launches;
  /// Where each function (canonical) names a programmatic launch
  /// attribute, in order.
  llvm::DenseMap<const FunctionDecl *,
                 std::vector<std::pair<SourceLocation, PdlAttribute>>>
      AttributesSet;
  llvm::DenseSet<const Expr *> HandWritten;
  /// Hand-written launches of a kernel their function receives: the index
  /// of that parameter.
  llvm::DenseMap<const Expr *, unsigned> KernelParams;
  /// The calls of each function (its pattern), with the calling function.
  llvm::DenseMap<const FunctionDecl *,
                 std::vector<std::pair<const CallExpr *, const FunctionDecl *>>>
      CallsOf;
};

} // namespace

/// Whether the translation unit can hold a PDL launch at all: it declares
/// the markers, or instantiates cudaLaunchKernelEx, or calls the C version.
/// Answered from a few lookups, so that the common file without PDL costs no
/// walk over its code.
static bool mayHoldProgrammaticLaunches(ASTContext &Context) {
  TranslationUnitDecl *TU = Context.getTranslationUnitDecl();
  auto Lookup = [&](DeclContext *In, StringRef Name) {
    return In->lookup(&Context.Idents.get(Name));
  };
  for (NamedDecl *Cdp : Lookup(TU, "cdp"))
    if (auto *Namespace = dyn_cast<NamespaceDecl>(Cdp))
      if (!Lookup(Namespace, "pdl").empty())
        return true;
  for (NamedDecl *Launch : Lookup(TU, "cudaLaunchKernelEx"))
    if (auto *Template = dyn_cast<FunctionTemplateDecl>(Launch))
      if (!Template->specializations().empty())
        return true;
  // Used, not referenced: the templates of cuda_runtime.h reference the C
  // version in every translation unit.
  for (NamedDecl *Launch : Lookup(TU, "cudaLaunchKernelExC"))
    if (Launch->isUsed(/*CheckUsedAttr=*/false))
      return true;
  return false;
}

std::vector<ProgrammaticLaunch> findProgrammaticLaunches(ASTContext &Context) {
  if (!mayHoldProgrammaticLaunches(Context))
    return {};
  const SourceManager &SM = Context.getSourceManager();
  HostLaunchCollector Collector(Context);
  for (Decl *D : Context.getTranslationUnitDecl()->decls())
    if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      Collector.TraverseDecl(D);
  return Collector.result();
}

} // namespace cdp
