//===- LaunchPlan.cpp - What a lowered launch says ------------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/LaunchPlan.h"

#include "CudaAST/RuntimeNames.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/DefaultArgument.h"
#include "Lowering/KernelSignature.h"
#include "Lowering/LaunchSite.h"
#include "Lowering/OverloadedKernel.h"
#include "Lowering/RuntimeForm.h"
#include "Lowering/TrivialCopy.h"
#include "ParamLayout/LayoutDivergence.h"
#include "ParamLayout/ParamLayout.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cdp {

/// The parameter types of a kernel launched through a pointer.
static std::optional<llvm::SmallVector<QualType, 8>>
pointerParameterTypes(const LaunchSite &Site) {
  QualType Callee = Site.Launch.getCallee()->getType();
  if (const auto *Pointer = Callee->getAs<PointerType>())
    Callee = Pointer->getPointeeType();
  const auto *Proto = Callee->getAs<FunctionProtoType>();
  if (!Proto)
    return std::nullopt;
  return llvm::SmallVector<QualType, 8>(Proto->getParamTypes());
}

namespace {

class LaunchPlanner {
public:
  LaunchPlanner(LaunchSite &Site, const LaunchLoweringOptions *Options,
                bool KernelLast = false)
      : Site(Site), Options(Options), KernelLast(KernelLast),
        Launch(Site.Launch), Context(Site.Context), SM(Site.SM),
        LangOpts(Site.LangOpts), Diags(Context.getDiagnostics()),
        WrittenArgs(Site.WrittenArgs) {}

  // The entry points are planStatic and planDependent.

  LaunchSite &Site;
  /// Null for a dependent launch, which never names a kernel type.
  const LaunchLoweringOptions *Options;
  /// A kernel whose parameter types cannot all be written may be named
  /// last (planKernelLast).
  bool KernelLast;
  const CUDAKernelCallExpr &Launch;
  ASTContext &Context;
  const SourceManager &SM;
  const LangOptions &LangOpts;
  DiagnosticsEngine &Diags;
  const llvm::SmallVectorImpl<const Expr *> &WrittenArgs;

  std::string kernelSpelling() const { return Site.kernelSpelling(); }
  std::string kernelName(const FunctionDecl *Kernel) const {
    return Site.kernelName(Kernel);
  }

  /// nvcc refuses an argument at a device-side launch when copying it into
  /// the parameter buffer would skip code: a non-trivial copy or move
  /// constructor (its own, a member's or a base's, or one a virtual function
  /// makes non-trivial) or a non-trivial destructor. A user-provided copy
  /// assignment is allowed. (Measured with nvcc 13.0; its message says
  /// "user-provided copy-constructor" for all of them but the destructor.)
  bool rejectNonTrivialCopy(llvm::ArrayRef<QualType> Types) {
    bool Rejected = false;
    for (unsigned I = 0; I < Types.size(); ++I) {
      std::optional<NonTrivialCopy> Why = nonTrivialCopyOf(Types[I]);
      if (!Why)
        continue;
      SourceLocation At = I < WrittenArgs.size() ? WrittenArgs[I]->getBeginLoc()
                                                 : Launch.getRParenLoc();
      report(Diags, At, LoweringDiag::NonTrivialCopy)
          << Types[I] << static_cast<unsigned>(Why->Member)
          << static_cast<unsigned>(!Why->UserProvided);
      Rejected = true;
    }
    return Rejected;
  }

  /// A parameter whose layout in the child no source-level rule gives.
  bool rejectUnknowableLayout(const FunctionDecl *Kernel,
                              llvm::ArrayRef<QualType> Types) {
    for (unsigned I = 0; I < Types.size(); ++I) {
      const FieldDecl *Member = unknowableLayoutMember(Types[I], Context);
      if (!Member)
        continue;
      std::string Param = Kernel ? Kernel->getParamDecl(I)->getName().str()
                                 : "#" + std::to_string(I + 1);
      report(Diags, Launch.getBeginLoc(), LoweringDiag::UnknowableLayout)
          << kernelName(Kernel) << Param
          << static_cast<unsigned>(!Member->hasAttr<NoUniqueAddressAttr>());
      report(Diags, Member->getLocation(), LoweringDiag::MemberDeclaredHere)
          << Member << Member->getParent();
      return true;
    }
    return false;
  }

  /// What no launch of a kernel with these parameters may get past: the
  /// 4 KB buffer, nvcc's copy rule, a layout no rule gives.
  bool rejectParameters(const FunctionDecl *Kernel,
                        llvm::ArrayRef<QualType> Types,
                        const KernelParamLayout &Layout) {
    // clang packs no tighter than nvcc, so even where nvcc's layout is left
    // to the runtime, a buffer that fits clang's layout fits nvcc's.
    if (!Layout.fitsParamBuffer()) {
      report(Diags, Launch.getBeginLoc(), LoweringDiag::ParamBufferTooLarge)
          << kernelName(Kernel) << static_cast<unsigned>(Layout.BufferSize)
          << static_cast<unsigned>(ParamBufferLimit);
      if (Kernel)
        report(Diags, Kernel->getLocation(), LoweringDiag::KernelDeclaredHere)
            << Kernel;
      return true;
    }
    return rejectNonTrivialCopy(Types) || rejectUnknowableLayout(Kernel, Types);
  }

  /// `.arg<8>(` per parameter, or `.arg(` for a layout that differs between
  /// architectures or that only nvcc knows: the runtime computes it in each
  /// device pass nvcc compiles.
  static llvm::SmallVector<std::string, 8>
  argOpeners(const KernelParamLayout &Layout) {
    llvm::SmallVector<std::string, 8> Openers;
    for (const ParamSlot &Slot : Layout.Params)
      Openers.push_back(Layout.offsetsKnown()
                            ? ".arg<" + std::to_string(Slot.Offset) + ">("
                            : ".arg(");
    return Openers;
  }

  /// A launch through a pointer to a kernel (`kp<<<1, 1>>>(x)`): the
  /// pointer's type gives the parameters, and the pointer is the kernel.
  std::optional<LoweringPlan> planThroughPointer() {
    std::optional<llvm::SmallVector<QualType, 8>> PointerTypes =
        pointerParameterTypes(Site);
    if (!PointerTypes)
      return std::nullopt;
    llvm::SmallVector<QualType, 8> &Types = *PointerTypes;
    llvm::Expected<KernelParamLayout> Layout =
        computeParamLayout(Types, Context);
    if (!Layout) {
      llvm::consumeError(Layout.takeError());
      return std::nullopt;
    }
    if (rejectParameters(nullptr, Types, *Layout)) {
      Site.markFailed();
      return std::nullopt;
    }
    TypeListSpelling Spelled = spellTypes(Types, Context);
    if (Spelled.Unwritable) {
      unsigned I = *Spelled.Unwritable;
      report(Diags,
             I < WrittenArgs.size() ? WrittenArgs[I]->getBeginLoc()
                                    : Launch.getBeginLoc(),
             LoweringDiag::UnwritableParameterType)
          << kernelName(nullptr) << "#" + std::to_string(I + 1);
      Site.markFailed();
      return std::nullopt;
    }
    LoweringPlan Plan;
    Plan.Prefix =
        (runtime::DeviceLaunch + "<void(" + Spelled.Spelling + ")>(").str();
    Plan.ArgOpeners = argOpeners(*Layout);
    return Plan;
  }

  /// The parameter types are known: the tool lays them out.
  std::optional<LoweringPlan> planStatic(LaunchLoweringState &State) {
    llvm::DenseMap<const FunctionDecl *, KernelPlan> &Plans = State.Plans;
    if (Launch.isTypeDependent())
      return std::nullopt;
    const FunctionDecl *Kernel = Launch.getDirectCallee();
    if (!Kernel)
      return planThroughPointer();
    if (Kernel->getType()->isDependentType())
      return std::nullopt;
    auto Known = Plans.find(Kernel);
    if (Known == Plans.end()) {
      std::optional<KernelPlan> New = planKernel(*Kernel);
      if (!New)
        return std::nullopt;
      Known = Plans.try_emplace(Kernel, std::move(*New)).first;
    }
    if (const ParmVarDecl *Unwritable = Known->second.Unwritable)
      return planKernelLast(*Kernel, *Unwritable);
    LoweringPlan Plan;
    Plan.Prefix = Known->second.Prefix;
    Plan.ArgOpeners = Known->second.ArgOpeners;
    for (const Expr *Arg : Launch.arguments())
      if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
        Plan.DefaultArgTexts.push_back(defaultArgumentText(*Default, Context));
    return Plan;
  }

  /// What every launch of \p Kernel shares; nothing when the runtime must
  /// lay the parameters out, or, after reporting at this launch, when the
  /// kernel cannot be launched from the device.
  std::optional<KernelPlan> planKernel(const FunctionDecl &Kernel) {
    llvm::Expected<KernelParamLayout> Layout =
        computeParamLayout(Kernel, Context);
    if (!Layout) {
      // A dependent or incomplete parameter type: the runtime lays it out.
      llvm::consumeError(Layout.takeError());
      return std::nullopt;
    }
    llvm::SmallVector<QualType, 8> Types;
    for (const ParmVarDecl *Param : Kernel.parameters())
      Types.push_back(Param->getType());
    if (rejectParameters(&Kernel, Types, *Layout)) {
      Site.markFailed();
      return std::nullopt;
    }
    ParameterTypes Spelled = spellParameterTypes(Kernel, Context);
    KernelPlan Plan;
    if (Spelled.Unwritable) {
      Plan.Unwritable = Spelled.Unwritable;
      return Plan;
    }
    Plan.Type =
        (runtime::DeviceLaunch + "<void(" + Spelled.Spelling + ")>").str();
    Plan.Prefix = Plan.Type + "(";
    Plan.ArgOpeners = argOpeners(*Layout);
    Plan.Long = Options && Options->AliasAbove &&
                Spelled.Spelling.size() > Options->AliasAbove;
    return Plan;
  }

  /// A launch of \p Kernel, whose parameter \p Unwritable (the first of
  /// them) has a type no source can write (a kernel template called with a
  /// lambda): its arguments are kept as the parameters' types where they
  /// can be written, else as the arguments' own, which deduction made the
  /// parameters' types, and the kernel is named last
  /// (`cdp::deducedLaunch({1, 32}).arg<int *>(p).arg(f).launch(k)`).
  /// Refused, after reporting, where the launch cannot take that form (in
  /// a macro's body, under --runtime-checks), or an argument's own type is
  /// not its parameter's.
  std::optional<LoweringPlan> planKernelLast(const FunctionDecl &Kernel,
                                             const ParmVarDecl &Unwritable) {
    auto Refuse = [&](const ParmVarDecl &Param) {
      reportUnwritableParameter(Launch, Kernel, Param, Diags);
      Site.markFailed();
      return std::nullopt;
    };
    if (!KernelLast || !Options || Options->RuntimeChecks)
      return Refuse(Unwritable);
    LoweringPlan Plan;
    Plan.KernelLast = true;
    Plan.Prefix = (runtime::DeducedLaunch + "(").str();
    for (const ParmVarDecl *Param : Kernel.parameters()) {
      if (std::optional<std::string> Type =
              spellType(Param->getType(), Context)) {
        Plan.ArgOpeners.push_back(".arg<" + *Type + ">(");
        continue;
      }
      const unsigned I = Param->getFunctionScopeIndex();
      if (I >= WrittenArgs.size() || !keepsItsType(*WrittenArgs[I], *Param))
        return Refuse(*Param);
      Plan.ArgOpeners.push_back(".arg(");
    }
    for (const Expr *Arg : Launch.arguments())
      if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
        Plan.DefaultArgTexts.push_back(defaultArgumentText(*Default, Context));
    return Plan;
  }

  /// Whether a dependent launch's callee is a value rather than a kernel's
  /// name: a variable, parameter or member whose type depends on a template
  /// parameter (`K k; k<<<1, 1>>>(p)`), or a non-type template parameter.
  /// Such a callee is a pointer to a kernel, which has no template
  /// arguments to deduce and no default arguments.
  bool launchesThroughDependentValue() const {
    const Expr *Callee = Launch.getCallee()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee))
      return isa<VarDecl, NonTypeTemplateParmDecl>(Ref->getDecl());
    return isa<MemberExpr, CXXDependentScopeMemberExpr>(Callee);
  }

  /// The kernel a dependent launch names, if its written callee names a
  /// single function (template) whose template arguments are written or
  /// can be deduced (then \p Plan's callee spells them). Returns null after
  /// diagnosing a callee whose arguments cannot be.
  const FunctionDecl *dependentKernel(LaunchLoweringState &State,
                                      LoweringPlan &Plan) {
    const Expr *Callee = Launch.getCallee()->IgnoreParenImpCasts();
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Callee))
      return dyn_cast<FunctionDecl>(Ref->getDecl());
    if (const auto *Lookup = dyn_cast<UnresolvedLookupExpr>(Callee)) {
      if (namesOverloads(*Lookup))
        return overloadedKernel(*Lookup, State, Plan);
      if (std::optional<DeducedKernel> Deduced = deduce(*Lookup, State)) {
        if (Deduced->DeducedAny)
          Plan.Callee = Deduced->Spelling;
        return Deduced->Template->getTemplatedDecl();
      }
      const FunctionDecl *Single = nullptr;
      if (Lookup->getNumDecls() == 1) {
        const NamedDecl *D = *Lookup->decls_begin();
        if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D))
          Single = Template->getTemplatedDecl();
        else
          Single = dyn_cast<FunctionDecl>(D);
      }
      bool IsTemplate = Single && Single->getDescribedFunctionTemplate();
      if (Single && !IsTemplate)
        return Single;
      // Written template arguments name one specialization; any candidate
      // serves to find the parameters' default arguments.
      if (Lookup->hasExplicitTemplateArgs())
        return Single ? Single : Lookup->decls_begin()->getAsFunction();
      // Deduced from a lambda, the template's arguments have no spelling in
      // the template's terms either: the kernel is named last, where every
      // instance allows it.
      if (IsTemplate && KernelLast && argumentsKeepTheirTypes(State)) {
        Plan.KernelLast = true;
        return Single;
      }
    }
    report(Diags, Launch.getBeginLoc(),
           LoweringDiag::DeducedKernelInDependentLaunch)
        << kernelSpelling();
    Site.markFailed();
    return nullptr;
  }

  /// The overload a dependent launch calls among several kernels of one
  /// name; \p Plan's prefix names its type, which picks it (an overload
  /// set deduces no kernel type). Null after diagnosing a launch whose
  /// overload cannot be told or written.
  const FunctionDecl *overloadedKernel(const UnresolvedLookupExpr &Callee,
                                       LaunchLoweringState &State,
                                       LoweringPlan &Plan) {
    std::variant<ChosenOverload, OverloadFailure> Chosen =
        chooseOverload(Launch, Callee, instancesOf(State), Context);
    if (const auto *Overload = std::get_if<ChosenOverload>(&Chosen)) {
      Plan.Prefix = (runtime::DeviceLaunch + "<" + Overload->Type + ">(").str();
      return Overload->Kernel;
    }
    report(Diags, Launch.getBeginLoc(), LoweringDiag::OverloadedKernel)
        << kernelSpelling()
        << static_cast<unsigned>(std::get<OverloadFailure>(Chosen));
    Site.markFailed();
    return nullptr;
  }

  /// Whether `.arg(Arg)`, which keeps \p Arg as its own type, keeps it as
  /// \p Param's: an argument written at the launch (a default argument has
  /// no type of its own to keep) whose type, as written, is the
  /// parameter's.
  bool keepsItsType(const Expr &Arg, const ParmVarDecl &Param) const {
    return !isa<CXXDefaultArgExpr>(Arg) &&
           Context.hasSameUnqualifiedType(
               Arg.IgnoreUnlessSpelledInSource()->getType(), Param.getType());
  }

  /// Whether each instance of the launch in the file gives each parameter
  /// of its kernel an argument written there of the parameter's own type
  /// (no default argument, no pack expansion): then `.arg(x)` keeps every
  /// argument as its parameter's type in every instance, and
  /// cdp::deducedLaunch's `.launch(k)` deduces the kernel each calls.
  bool argumentsKeepTheirTypes(LaunchLoweringState &State) {
    llvm::ArrayRef<const CUDAKernelCallExpr *> Instances = instancesOf(State);
    if (Instances.empty() ||
        llvm::any_of(WrittenArgs, llvm::IsaPred<PackExpansionExpr>))
      return false;
    for (const CUDAKernelCallExpr *Instance : Instances) {
      const FunctionDecl *Kernel = Instance->getDirectCallee();
      if (!Kernel || Kernel->getNumParams() != Instance->getNumArgs())
        return false;
      for (unsigned I = 0; I < Kernel->getNumParams(); ++I)
        if (!keepsItsType(*Instance->getArg(I), *Kernel->getParamDecl(I)))
          return false;
    }
    return true;
  }

  std::optional<DeducedKernel> deduce(const UnresolvedLookupExpr &Callee,
                                      LaunchLoweringState &State) {
    return deduceDependentKernel(Launch, Callee, instancesOf(State), Context);
  }

  /// This launch's instantiations in the file, found on first need.
  llvm::ArrayRef<const CUDAKernelCallExpr *>
  instancesOf(LaunchLoweringState &State) {
    return State.instancesOf(Launch, Context);
  }

  /// A layout no source-level rule gives cannot be left to the runtime
  /// either: the runtime's offsets are nvcc's front end's, and the child
  /// reads its code generator's. Checked at each instantiation.
  bool rejectInstantiatedLayouts(LaunchLoweringState &State) {
    for (const CUDAKernelCallExpr *Instance : instancesOf(State)) {
      const FunctionDecl *Kernel = Instance->getDirectCallee();
      if (!Kernel)
        continue;
      llvm::SmallVector<QualType, 8> Types;
      for (const ParmVarDecl *Param : Kernel->parameters())
        Types.push_back(Param->getType());
      if (rejectUnknowableLayout(Kernel, Types)) {
        Site.markFailed();
        return true;
      }
    }
    return false;
  }

  /// The parameter types depend on a template parameter: the runtime lays
  /// them out for each instantiation.
  std::optional<LoweringPlan> planDependent(LaunchLoweringState &State) {
    LoweringPlan Plan;
    if (launchesThroughDependentValue()) {
      // `k<<<...>>>(p)` with `K k`: the runtime's deduction guide (or
      // makeDeviceLaunch) takes the kernel's type from the pointer in each
      // instantiation.
      Plan.Prefix = deducedLaunchPrefix(Site.LangOpts);
      for (const Expr *Arg : WrittenArgs)
        Plan.ArgOpeners.push_back(isa<PackExpansionExpr>(Arg) ? ".args("
                                                              : ".arg(");
      return Plan;
    }
    const FunctionDecl *Kernel = dependentKernel(State, Plan);
    if (!Kernel || rejectInstantiatedLayouts(State))
      return std::nullopt;
    if (Plan.KernelLast) {
      Plan.Prefix = (runtime::DeducedLaunch + "(").str();
      Plan.ArgOpeners.assign(WrittenArgs.size(), ".arg(");
      return Plan;
    }

    if (Plan.Prefix.empty()) // else the overload's type, which picks it
      Plan.Prefix = deducedLaunchPrefix(Site.LangOpts);
    unsigned NumParams =
        std::max<unsigned>(Kernel->getNumParams(), WrittenArgs.size());
    Plan.ArgOpeners.assign(NumParams, ".arg(");
    bool HasExpansion = false;
    for (unsigned I = 0; I < WrittenArgs.size(); ++I) {
      if (isa<PackExpansionExpr>(WrittenArgs[I])) {
        Plan.ArgOpeners[I] = ".args(";
        HasExpansion = true;
      }
    }
    if (HasExpansion)
      return Plan; // How many parameters it fills is known at instantiation.
    for (unsigned I = WrittenArgs.size(); I < Kernel->getNumParams(); ++I) {
      const ParmVarDecl *Param = Kernel->getParamDecl(I);
      if (!Param->hasDefaultArg())
        break; // Too few arguments: the compiler says so at the launch.
      Plan.DefaultArgTexts.push_back(defaultArgumentText(*Param, Context));
    }
    return Plan;
  }
};

} // namespace

std::optional<llvm::SmallVector<QualType, 8>>
staticParameterTypes(const LaunchSite &Site) {
  const FunctionDecl *Kernel = Site.Launch.getDirectCallee();
  if (!Kernel)
    return pointerParameterTypes(Site);
  llvm::SmallVector<QualType, 8> Types;
  for (const ParmVarDecl *Param : Kernel->parameters())
    Types.push_back(Param->getType());
  return Types;
}

std::optional<LoweringPlan>
planStaticLaunch(LaunchSite &Site, const LaunchLoweringOptions &Options,
                 LaunchLoweringState &State, bool KernelLast) {
  return LaunchPlanner(Site, &Options, KernelLast).planStatic(State);
}

std::optional<LoweringPlan> planDependentLaunch(LaunchSite &Site,
                                                LaunchLoweringState &State,
                                                bool KernelLast) {
  return LaunchPlanner(Site, nullptr, KernelLast).planDependent(State);
}

} // namespace cdp
