//===- LaunchLowering.cpp - Rewrite one device-side <<<>>> ----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/LaunchLowering.h"
#include "CudaAST/KernelName.h"
#include "CudaAST/LineDirectives.h"
#include "CudaAST/RuntimeNames.h"
#include "Lowering/KernelAlias.h"
#include "Lowering/MacroBodyLaunch.h"
#include "Lowering/StatementSlot.h"

#include "CudaAST/WrittenText.h"

#include "Lowering/ExplicitLaunch.h"

#include "Lowering/KernelSignature.h"
#include "Lowering/LoweringDiagnostics.h"
#include "Lowering/TrivialCopy.h"
#include "ParamLayout/LayoutDivergence.h"
#include "ParamLayout/ParamLayout.h"

#include "llvm/Support/Path.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>

using namespace clang;

namespace cdp {
namespace {

/// The file positions of the tokens of a launch that the rewrite replaces.
struct LaunchTokens {
  SourceLocation CalleeBegin;
  SourceLocation CalleeEnd;                    ///< past the callee's text
  SourceLocation TripleLess;                   ///< `<<<`
  SourceLocation TripleGreater;                ///< `>>>`
  SourceLocation ArgsLParen;                   ///< `(` after `>>>`
  SourceLocation RParen;                       ///< the launch's closing `)`
  llvm::SmallVector<SourceLocation, 8> Commas; ///< between written arguments
  /// The arguments are not separated in the file: pass them in one list.
  bool WholeList = false;
};

/// What the rewritten launch says about the kernel and its arguments.
struct LoweringPlan {
  /// `cdp::DeviceLaunch<void(int *, char)>(` or `cdp::DeviceLaunch(`.
  std::string Prefix;
  /// `.arg<8>(` per parameter; `.arg(` when the runtime computes offsets.
  llvm::SmallVector<std::string, 8> ArgOpeners;
  /// Source text of the kernel's default arguments that the launch omits.
  llvm::SmallVector<std::string, 2> DefaultArgTexts;
  /// The callee with its deduced template arguments written out
  /// (`child<T>` for `child`); empty to keep the callee as written.
  std::string Callee;
};

class LaunchLowerer {
public:
  LaunchLowerer(const CUDAKernelCallExpr &Launch, const FunctionDecl &Enclosing,
                ASTContext &Context, const LaunchLoweringOptions &Options,
                bool InHostDevice)
      : Launch(Launch), Enclosing(Enclosing), Context(Context),
        Options(Options), InHostDevice(InHostDevice),
        SM(Context.getSourceManager()), LangOpts(Context.getLangOpts()),
        Diags(Context.getDiagnostics()) {
    for (const Expr *Arg : Launch.arguments())
      if (!isa<CXXDefaultArgExpr>(Arg))
        WrittenArgs.push_back(Arg);
  }

  bool lower(SourceEdits &Edits, LaunchLoweringState &State) {
    File = Edits.file();
    // `<<<` written in a macro body; one passed in a macro argument is
    // rewritten where it is written, as any other.
    bool InMacroBody =
        SM.isMacroBodyExpansion(Launch.getConfig()->getBeginLoc());
    if (InMacroBody && !InHostDevice)
      return lowerInMacroBody(Edits, State);
    if (InMacroBody) { // and in a __host__ __device__ function
      reportHostDeviceLaunchNotStatement();
      return false;
    }
    std::optional<LaunchTokens> Tokens = locateTokens();
    if (!Tokens)
      return false;
    if (!State.Rewritten.insert(Tokens->TripleLess).second)
      return true;
    std::optional<LoweringPlan> Plan = planStatic(State);
    bool IsStatic = Plan.has_value();
    if (!Plan && !Failed)
      Plan = planDependent(State);
    if (!Plan)
      return false;
    if (Options.RuntimeChecks && mayPassPointers())
      checkPointers(*Plan, SM.getExpansionLoc(Launch.getBeginLoc()),
                    kernelSpelling());
    std::optional<HostDeviceBranches> Branches;
    if (InHostDevice) {
      Branches = hostDeviceBranches(*Tokens);
      if (!Branches)
        return false;
      Edits.insert(Branches->IfdefAt, Branches->Ifdef);
    }
    std::optional<ExplicitLaunchInput> Explicit;
    // A checked launch stages its arguments in the runtime.
    if (Options.Form == LaunchForm::Explicit && IsStatic &&
        !Options.RuntimeChecks)
      Explicit = explicitInput(*Tokens, *Plan);
    if (Explicit) {
      applyExplicitRewrite(*Tokens, *Explicit, Edits);
      if (!InHostDevice)
        restoreLineNumbers(*Tokens, Explicit->Indent, Edits);
    } else {
      if (const FunctionDecl *Kernel = Launch.getDirectCallee();
          IsStatic && Kernel)
        if (std::optional<std::string> Alias =
                aliasPrefix(*Kernel, State.Plans.find(Kernel)->second, State))
          Plan->Prefix = *Alias;
      applyRewrite(*Tokens, *Plan, Edits);
      State.UseRuntime.insert(File);
      if (!IsStatic && State.FirstDeducedLaunch.isInvalid())
        State.FirstDeducedLaunch = Launch.getBeginLoc();
    }
    if (Branches)
      Edits.insert(Branches->ElseAt, Branches->Else);
    return true;
  }

private:
  const CUDAKernelCallExpr &Launch;
  /// The function the launch is written in (a lambda's call operator).
  const FunctionDecl &Enclosing;
  ASTContext &Context;
  const LaunchLoweringOptions &Options;
  /// In a `__host__ __device__` function: the host compilation keeps the
  /// launch as written.
  bool InHostDevice;
  const SourceManager &SM;
  const LangOptions &LangOpts;
  DiagnosticsEngine &Diags;
  llvm::SmallVector<const Expr *, 8> WrittenArgs;
  /// Set once a diagnostic has been reported for this launch.
  bool Failed = false;
  /// The commas between the written configuration operands (explicit form).
  llvm::SmallVector<SourceLocation, 3> ConfigCommas;
  /// The file being lowered, where every token the lowering edits must be.
  FileID File;

  std::string kernelSpelling() const {
    return writtenText(Launch.getCallee()->getSourceRange(), SM, LangOpts);
  }
  /// The kernel as messages name it (KernelName.h).
  std::string quotedKernel() const {
    return quotedKernelName(Launch.getDirectCallee(), kernelSpelling());
  }

  //===--- Finding the tokens ---------------------------------------------===//

  /// The file range of \p Range, which must lie in the file being lowered,
  /// outside any macro body (inside a macro argument is fine).
  std::optional<CharSourceRange> mainFileRange(SourceRange Range) {
    CharSourceRange FileRange = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Range), SM, LangOpts);
    if (FileRange.isValid() && SM.getFileID(FileRange.getBegin()) == File)
      return FileRange;
    reportUnrewritableLocation(Range.getBegin());
    return std::nullopt;
  }

  void reportUnrewritableLocation(SourceLocation Loc) {
    if (Failed)
      return;
    Failed = true;
    std::string Kernel = quotedKernel();
    for (SourceLocation L = Loc; L.isMacroID();
         L = SM.getImmediateMacroCallerLoc(L)) {
      if (SM.isMacroBodyExpansion(L)) {
        report(Diags, Launch.getBeginLoc(), LoweringDiag::LaunchInMacroBody)
            << Kernel << Lexer::getImmediateMacroName(L, SM, LangOpts)
            << static_cast<unsigned>(MacroBodyRefusal::TokensOutsideBody);
        return;
      }
    }
    report(Diags, Launch.getBeginLoc(), LoweringDiag::LaunchOutsideMainFile)
        << Kernel;
  }

  /// The first token at or after \p Loc, skipping white space and comments.
  Token rawTokenAt(SourceLocation Loc) const {
    std::pair<FileID, unsigned> Pos = SM.getDecomposedLoc(Loc);
    StringRef Buffer = SM.getBufferData(Pos.first);
    Lexer Lex(SM.getLocForStartOfFile(Pos.first), LangOpts, Buffer.begin(),
              Buffer.begin() + Pos.second, Buffer.end());
    Token Tok;
    Lex.LexFromRawLexer(Tok);
    return Tok;
  }

  std::optional<LaunchTokens> locateTokens() {
    const CallExpr *Config = Launch.getConfig();
    LaunchTokens Tokens;

    auto Callee = mainFileRange(Launch.getCallee()->getSourceRange());
    auto Less = mainFileRange(Config->getBeginLoc());
    auto Greater = mainFileRange(Config->getRParenLoc());
    auto RParen = mainFileRange(Launch.getRParenLoc());
    if (!Callee || !Less || !Greater || !RParen)
      return std::nullopt;
    Tokens.CalleeBegin = Callee->getBegin();
    Tokens.CalleeEnd = Callee->getEnd();
    Tokens.TripleLess = Less->getBegin();
    Tokens.TripleGreater = Greater->getBegin();
    Tokens.RParen = RParen->getBegin();

    Token LParen = rawTokenAt(Greater->getEnd());
    if (LParen.isNot(tok::l_paren)) {
      reportUnrewritableLocation(Launch.getBeginLoc());
      return std::nullopt;
    }
    Tokens.ArgsLParen = LParen.getLocation();

    // Arguments that one macro expansion supplies together (`PAIR` with
    // `#define PAIR a, b`) have no comma in the file between them: the
    // runtime then takes the whole list, `.args(PAIR)`.
    for (size_t I = 0; I + 1 < WrittenArgs.size(); ++I) {
      CharSourceRange ArgRange = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(WrittenArgs[I]->getSourceRange()), SM,
          LangOpts);
      Token Comma;
      Comma.startToken();
      if (ArgRange.isValid() && SM.getFileID(ArgRange.getBegin()) == File)
        Comma = rawTokenAt(ArgRange.getEnd());
      if (ArgRange.isInvalid() || Comma.isNot(tok::comma)) {
        Tokens.Commas.clear();
        Tokens.WholeList = true;
        break;
      }
      Tokens.Commas.push_back(Comma.getLocation());
    }
    return Tokens;
  }

  //===--- Planning -------------------------------------------------------===//

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

  /// The kernel as messages name it: by its declaration, or, launched
  /// through a pointer, as written.
  std::string kernelName(const FunctionDecl *Kernel) const {
    return quotedKernelName(Kernel, kernelSpelling());
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
        pointerParameterTypes();
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
      Failed = true;
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
      Failed = true;
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
    LoweringPlan Plan;
    Plan.Prefix = Known->second.Prefix;
    Plan.ArgOpeners = Known->second.ArgOpeners;
    for (const Expr *Arg : Launch.arguments())
      if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
        Plan.DefaultArgTexts.push_back(writtenText(
            Default->getParam()->getDefaultArgRange(), SM, LangOpts));
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
      Failed = true;
      return std::nullopt;
    }
    ParameterTypes Spelled = spellParameterTypes(Kernel, Context);
    if (Spelled.Unwritable) {
      reportUnwritableParameter(Launch, Kernel, *Spelled.Unwritable, Diags);
      Failed = true;
      return std::nullopt;
    }
    KernelPlan Plan;
    Plan.Type =
        (runtime::DeviceLaunch + "<void(" + Spelled.Spelling + ")>").str();
    Plan.Prefix = Plan.Type + "(";
    Plan.ArgOpeners = argOpeners(*Layout);
    Plan.Long =
        Options.AliasAbove && Spelled.Spelling.size() > Options.AliasAbove;
    return Plan;
  }

  //===--- Aliases for long kernel types (KernelAlias.h) ------------------===//

  /// `cdp_launch_child(` for a kernel whose type is long, declaring the
  /// alias at its first launch in this file; nothing to keep the prefix.
  std::optional<std::string> aliasPrefix(const FunctionDecl &Kernel,
                                         const KernelPlan &Plan,
                                         LaunchLoweringState &State) {
    if (!Plan.Long || Options.RuntimeChecks)
      return std::nullopt;
    auto Known = State.Aliases.find({&Kernel, File});
    if (Known != State.Aliases.end())
      return Known->second + "(";
    std::optional<SourceLocation> Place = aliasPlace(Enclosing, File, SM);
    if (!Place)
      return std::nullopt;
    std::string Name = newAliasName(Kernel, Context, State.AliasNames);
    State.Aliases[{&Kernel, File}] = Name;
    State.AliasDeclarations[*Place].push_back("using " + Name + " = " +
                                              Plan.Type + ";\n");
    return Name + "(";
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
    }
    report(Diags, Launch.getBeginLoc(),
           LoweringDiag::DeducedKernelInDependentLaunch)
        << kernelSpelling();
    Failed = true;
    return nullptr;
  }

  std::optional<DeducedKernel> deduce(const UnresolvedLookupExpr &Callee,
                                      LaunchLoweringState &State) {
    return deduceDependentKernel(Launch, Callee, instancesOf(State), Context);
  }

  /// This launch's instantiations in the file, found on first need.
  llvm::ArrayRef<const CUDAKernelCallExpr *>
  instancesOf(LaunchLoweringState &State) {
    if (!State.Instances)
      State.Instances = findInstantiatedLaunches(Context);
    auto Found = State.Instances->find(Launch.getConfig()->getBeginLoc());
    if (Found == State.Instances->end())
      return {};
    return Found->second;
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
        Failed = true;
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
      // `k<<<...>>>(p)` with `K k`: the runtime's deduction guide takes the
      // kernel's type from the pointer in each instantiation.
      Plan.Prefix = (runtime::DeviceLaunch + "(").str();
      for (const Expr *Arg : WrittenArgs)
        Plan.ArgOpeners.push_back(isa<PackExpansionExpr>(Arg) ? ".args("
                                                              : ".arg(");
      return Plan;
    }
    const FunctionDecl *Kernel = dependentKernel(State, Plan);
    if (!Kernel || rejectInstantiatedLayouts(State))
      return std::nullopt;

    Plan.Prefix = (runtime::DeviceLaunch + "(").str();
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
      Plan.DefaultArgTexts.push_back(
          writtenText(Param->getDefaultArgRange(), SM, LangOpts));
    }
    return Plan;
  }

  //===--- Run-time checks of pointer arguments --------------------------===//

  /// Whether a parameter of the kernel is (or, dependent, may be) a pointer
  /// to data, the only kind the run-time check tests.
  bool mayPassPointers() const {
    const FunctionDecl *Kernel = Launch.getDirectCallee();
    if (!Kernel || Launch.isTypeDependent())
      return true;
    return llvm::any_of(Kernel->parameters(), [](const ParmVarDecl *Param) {
      QualType Type = Param->getType();
      return Type->isDependentType() ||
             (Type->isPointerType() && !Type->isFunctionPointerType());
    });
  }

  /// Turns `cdp::DeviceLaunch...(` into
  /// `cdp::CheckedDeviceLaunch...(CDP_LAUNCH_SITE("file.cu", 12, "child"), `:
  /// the file is named without its directory, so the output does not depend
  /// on where the tool ran.
  void checkPointers(LoweringPlan &Plan, SourceLocation Loc,
                     StringRef Kernel) const {
    StringRef File = llvm::sys::path::filename(SM.getFilename(Loc));
    std::string Site;
    llvm::raw_string_ostream OS(Site);
    OS << runtime::LaunchSiteMacro << "(\"";
    OS.write_escaped(File);
    OS << "\", " << SM.getPresumedLineNumber(Loc) << ", \"";
    OS.write_escaped(Kernel);
    OS << "\"), ";
    StringRef Unchecked = runtime::DeviceLaunch;
    assert(StringRef(Plan.Prefix).starts_with(Unchecked));
    Plan.Prefix = runtime::CheckedDeviceLaunch.str() +
                  Plan.Prefix.substr(Unchecked.size()) + Site;
  }

  //===--- A launch in a __host__ __device__ function --------------------===//
  //
  // nvcc compiles such a function twice: in the device compilation the
  // launch is a device-side launch, in the host compilation a host launch.
  // The lowered launch takes the device branch, the original the host one:
  //
  //   #ifdef __CUDA_ARCH__
  //     cdp::DeviceLaunch<void(int *)>(child, {1, 1}).arg<0>(p).launch();
  //   #else
  //     child<<<1, 1>>>(p);
  //   #endif
  //   #line 14
  //
  // Preprocessor lines need a statement of their own around them, so the
  // launch must be one; `#line` keeps the lines after it numbered as in the
  // input.

  struct HostDeviceBranches {
    SourceLocation IfdefAt;
    std::string Ifdef;
    SourceLocation ElseAt;
    std::string Else;
  };

  void reportHostDeviceLaunchNotStatement() {
    Failed = true;
    report(Diags, Launch.getBeginLoc(),
           LoweringDiag::HostDeviceLaunchNotStatement)
        << quotedKernel();
  }

  /// Whether the launch is a statement of its own (`child<<<1, 1>>>(p);`).
  bool isStatement() const { return statementSlotOf(Context, Launch); }

  std::optional<HostDeviceBranches>
  hostDeviceBranches(const LaunchTokens &Tokens) {
    Token Semi = rawTokenAt(Tokens.RParen.getLocWithOffset(1));
    if (!isStatement() || Semi.isNot(tok::semi)) {
      reportHostDeviceLaunchNotStatement();
      return std::nullopt;
    }
    StringRef Buffer = SM.getBufferData(File);
    unsigned Begin = SM.getFileOffset(Tokens.CalleeBegin);
    unsigned End = SM.getFileOffset(Semi.getLocation()) + 1;
    unsigned LineStart = Buffer.rfind('\n', Begin) + 1; // npos + 1 is 0.
    StringRef Before = Buffer.slice(LineStart, Begin);

    HostDeviceBranches Branches;
    std::string Indent;
    if (Before.find_first_not_of(" \t") == StringRef::npos) {
      Indent = Before.str();
      Branches.IfdefAt = SM.getComposedLoc(File, LineStart);
      Branches.Ifdef = "#ifdef __CUDA_ARCH__\n";
    } else {
      Branches.IfdefAt = Tokens.CalleeBegin;
      Branches.Ifdef = "\n#ifdef __CUDA_ARCH__\n";
    }
    Branches.ElseAt = Semi.getLocation().getLocWithOffset(1);
    Branches.Else = "\n#else\n" + Indent + Buffer.slice(Begin, End).str() +
                    "\n#endif\n" +
                    lineDirectiveAfter(SM, Semi.getLocation(), Indent);
    return Branches;
  }

  //===--- A launch written in a macro body (MacroBodyLaunch.h) -----------===//

  bool lowerInMacroBody(SourceEdits &Edits, LaunchLoweringState &State) {
    SourceLocation Less = inMacroBody(SM, Launch.getConfig()->getBeginLoc());
    FileID Expansion = SM.getFileID(Less);
    std::optional<MacroBodyRefusal> Refusal;
    SourceLocation Tokens[] = {
        inMacroBody(SM, Launch.getCallee()->getBeginLoc()), Less,
        inMacroBody(SM, Launch.getConfig()->getRParenLoc()),
        inMacroBody(SM, Launch.getRParenLoc())};
    for (SourceLocation &Token : Tokens) {
      if (SM.getFileID(Token) != Expansion)
        Refusal = MacroBodyRefusal::TokensOutsideBody;
      Token = SM.getSpellingLoc(Token);
    }
    auto [Callee, TripleLess, TripleGreater, RParen] = Tokens;
    // The definition is rewritten where it is written: this file, or a
    // header that --header-filter selects (launch macros live in headers).
    FileID Definition = SM.getFileID(TripleLess);
    SourceEdits *DefinitionEdits = Definition == File ? &Edits
                                   : State.EditsOf ? State.EditsOf(Definition)
                                                   : nullptr;
    if (!DefinitionEdits)
      Refusal = MacroBodyRefusal::DefinedElsewhere;
    Token LParen = rawTokenAt(TripleGreater.getLocWithOffset(3));
    Token Closing = rawTokenAt(RParen);
    if (!Refusal && (LParen.isNot(tok::l_paren) || Closing.isNot(tok::r_paren)))
      Refusal = MacroBodyRefusal::TokensOutsideBody;
    if (!Refusal) {
      // A use that is refused here is reported here, not again as a use
      // that is no launch.
      State.MacroLaunchUses[TripleLess].insert(
          SM.getExpansionLoc(Launch.getBeginLoc()));
      Refusal = macroBodyRefusal(Launch);
    }
    if (Refusal) {
      report(Diags, Launch.getBeginLoc(), LoweringDiag::LaunchInMacroBody)
          << quotedKernel() << Lexer::getImmediateMacroName(Less, SM, LangOpts)
          << static_cast<unsigned>(*Refusal);
      return false;
    }
    // What the tool's own lowering refuses (the 4 KB buffer, nvcc's copy
    // rule, a layout no rule gives) it refuses here too.
    if (!Launch.isTypeDependent() && Launch.getDirectCallee() &&
        !Launch.getDirectCallee()->getType()->isDependentType() &&
        !planStatic(State) && Failed)
      return false;
    if (!State.Rewritten.insert(TripleLess).second)
      return true;

    LoweringPlan Plan;
    Plan.Prefix = (runtime::DeviceLaunch + "(").str();
    if (State.FirstDeducedLaunch.isInvalid())
      State.FirstDeducedLaunch = Launch.getBeginLoc();
    if (Options.RuntimeChecks)
      checkPointers(Plan, TripleLess,
                    writtenText(SourceRange(Callee, Callee), SM, LangOpts));
    DefinitionEdits->insert(Callee, Plan.Prefix);
    DefinitionEdits->replace(TripleLess, 3, ", {");
    DefinitionEdits->replace(TripleGreater,
                             distance(TripleGreater, LParen.getLocation()) + 1,
                             "}).args(");
    DefinitionEdits->replace(RParen, 1, ").launch()");
    State.UseRuntime.insert(Definition);
    return true;
  }

  //===--- --emit=explicit ------------------------------------------------===//

  /// The kernel's parameter types, known here (not dependent).
  std::optional<llvm::SmallVector<QualType, 8>> staticParameterTypes() const {
    const FunctionDecl *Kernel = Launch.getDirectCallee();
    if (!Kernel)
      return pointerParameterTypes();
    llvm::SmallVector<QualType, 8> Types;
    for (const ParmVarDecl *Param : Kernel->parameters())
      Types.push_back(Param->getType());
    return Types;
  }

  /// The parameter types of a kernel launched through a pointer.
  std::optional<llvm::SmallVector<QualType, 8>> pointerParameterTypes() const {
    QualType Callee = Launch.getCallee()->getType();
    if (const auto *Pointer = Callee->getAs<PointerType>())
      Callee = Pointer->getPointeeType();
    const auto *Proto = Callee->getAs<FunctionProtoType>();
    if (!Proto)
      return std::nullopt;
    return llvm::SmallVector<QualType, 8>(Proto->getParamTypes());
  }

  /// The whitespace that starts the line of \p Loc.
  std::string indentationOf(SourceLocation Loc) const {
    return lineIndentation(SM.getBufferData(File), SM.getFileOffset(Loc));
  }

  /// What the explicit form of this launch needs; nothing where it has no
  /// explicit form (a layout only nvcc knows, a parameter type that cannot
  /// be declared as written, operands a macro supplies together), which
  /// then takes the runtime form.
  std::optional<ExplicitLaunchInput> explicitInput(const LaunchTokens &Tokens,
                                                   const LoweringPlan &Plan) {
    if (Tokens.WholeList)
      return std::nullopt;
    std::optional<llvm::SmallVector<QualType, 8>> Types =
        staticParameterTypes();
    if (!Types)
      return std::nullopt;
    llvm::Expected<KernelParamLayout> Layout =
        computeParamLayout(*Types, Context);
    if (!Layout) {
      llvm::consumeError(Layout.takeError());
      return std::nullopt;
    }
    if (Layout->NeedsNvccLayout)
      return std::nullopt;

    ExplicitLaunchInput Input;
    for (QualType Type : *Types) {
      std::optional<std::string> Spelled = spellType(Type, Context);
      // `void (*)(int)` and arrays name a variable inside the type.
      if (!Spelled || StringRef(*Spelled).contains_insensitive("(") ||
          StringRef(*Spelled).contains("["))
        return std::nullopt;
      Input.ParamTypes.push_back(*Spelled);
      const CXXRecordDecl *Record = Type->getAsCXXRecordDecl();
      Input.CopyBytes.push_back(Record && !Record->hasTrivialCopyAssignment());
    }
    auto OffsetsFor = [&](uint64_t AlignmentBase) {
      llvm::SmallVector<ParamType, 8> Params;
      for (const ParamSlot &Slot : Layout->Params)
        Params.push_back({Slot.Size, Slot.Align});
      llvm::SmallVector<uint64_t, 8> Offsets;
      for (const ParamSlot &Slot : layoutParams(Params, AlignmentBase).Params)
        Offsets.push_back(Slot.Offset);
      return Offsets;
    };
    // The parameters' origin in constant bank 0 differs between these
    // architecture families; offsets that agree share one branch.
    std::pair<const char *, unsigned> Families[] = {
        {"__CUDA_ARCH__ >= 1000", 100}, {"__CUDA_ARCH__ >= 900", 90}, {"", 75}};
    for (auto [Condition, SmVersion] : Families) {
      llvm::SmallVector<uint64_t, 8> Offsets =
          OffsetsFor(paramAlignmentBase(SmVersion));
      if (!Input.OffsetsByArch.empty() &&
          Input.OffsetsByArch.back().Values == Offsets)
        Input.OffsetsByArch.pop_back(); // The later condition covers both.
      Input.OffsetsByArch.push_back({Condition, std::move(Offsets)});
    }

    // In device code the configuration is a call of cudaLaunchDevice whose
    // last four arguments are `grid, block, shmem, stream`.
    const CallExpr *Config = Launch.getConfig();
    if (Config->getNumArgs() < 4)
      return std::nullopt;
    llvm::ArrayRef<const Expr *> Operands(Config->getArgs(),
                                          Config->getNumArgs());
    Operands = Operands.take_back(4);
    // An omitted operand is a literal that clang places at the `<<<`. (An
    // operand may be a macro of a system header, `cudaStreamTailLaunch`,
    // whose range no file range covers: its file location is its name's.)
    llvm::SmallVector<SourceLocation, 4> WrittenEnds;
    for (const Expr *Operand : Operands) {
      const Expr *Written = Operand->IgnoreUnlessSpelledInSource();
      SourceLocation Begin = SM.getFileLoc(Written->getBeginLoc());
      SourceLocation End = Lexer::getLocForEndOfToken(
          SM.getFileLoc(Written->getEndLoc()), 0, SM, LangOpts);
      if (isa<CXXDefaultArgExpr>(Operand) || Begin.isInvalid() ||
          End.isInvalid() || SM.getFileID(Begin) != File ||
          distance(Tokens.TripleLess, Begin) < 3)
        break;
      WrittenEnds.push_back(End);
    }
    Input.WrittenConfig = WrittenEnds.size();
    if (Input.WrittenConfig < 2)
      return std::nullopt;
    for (unsigned I = 0; I + 1 < Input.WrittenConfig; ++I) {
      const SourceLocation End = WrittenEnds[I];
      Token Comma = rawTokenAt(End);
      if (Comma.isNot(tok::comma))
        return std::nullopt;
      ConfigCommas.push_back(Comma.getLocation());
    }
    Input.WrittenArgs = WrittenArgs.size();
    Input.DefaultArgTexts.assign(Plan.DefaultArgTexts.begin(),
                                 Plan.DefaultArgTexts.end());
    Input.Indent = indentationOf(Tokens.CalleeBegin);
    return Input;
  }

  void applyExplicitRewrite(const LaunchTokens &Tokens,
                            const ExplicitLaunchInput &Input,
                            SourceEdits &Edits) const {
    ExplicitLaunchText Text = spellExplicitLaunch(Input);
    Edits.insert(Tokens.CalleeBegin, Text.BeforeCallee);
    Edits.replace(Tokens.TripleLess, 3, Text.TripleLess);
    for (size_t I = 0; I < ConfigCommas.size(); ++I)
      Edits.replace(
          ConfigCommas[I],
          1 + horizontalSpaceAfter(ConfigCommas[I].getLocWithOffset(1)),
          Text.ConfigCommas[I]);
    Edits.replace(Tokens.TripleGreater,
                  distance(Tokens.TripleGreater, Tokens.ArgsLParen) + 1,
                  Text.TripleGreater);
    for (size_t I = 0; I < Tokens.Commas.size(); ++I)
      Edits.replace(
          Tokens.Commas[I],
          1 + horizontalSpaceAfter(Tokens.Commas[I].getLocWithOffset(1)),
          Text.ArgCommas[I]);
    Edits.replace(Tokens.RParen, 1, Text.RParen);
  }

  /// After a launch statement that the lowering made longer, `#line` numbers
  /// the following lines as in the input (nvcc's messages then point at the
  /// user's lines). Within a larger expression the numbers stay shifted.
  void restoreLineNumbers(const LaunchTokens &Tokens, StringRef Indent,
                          SourceEdits &Edits) {
    Token Semi = rawTokenAt(Tokens.RParen.getLocWithOffset(1));
    if (Semi.isNot(tok::semi) || !isStatement())
      return;
    Edits.insert(Semi.getLocation().getLocWithOffset(1),
                 "\n" + lineDirectiveAfter(SM, Semi.getLocation(), Indent));
  }

  //===--- Rewriting ------------------------------------------------------===//

  unsigned distance(SourceLocation From, SourceLocation To) const {
    return SM.getFileOffset(To) - SM.getFileOffset(From);
  }

  /// Spaces and tabs right after \p Loc: dropped with the comma they follow.
  unsigned horizontalSpaceAfter(SourceLocation Loc) const {
    const char *Text = SM.getCharacterData(Loc);
    unsigned N = 0;
    while (Text[N] == ' ' || Text[N] == '\t')
      ++N;
    return N;
  }

  void applyRewrite(const LaunchTokens &Tokens, const LoweringPlan &Plan,
                    SourceEdits &Edits) const {
    size_t Written = WrittenArgs.size();
    if (Plan.Callee.empty())
      Edits.insert(Tokens.CalleeBegin, Plan.Prefix);
    else
      Edits.replace(Tokens.CalleeBegin,
                    distance(Tokens.CalleeBegin, Tokens.CalleeEnd),
                    Plan.Prefix + Plan.Callee);
    Edits.replace(Tokens.TripleLess, 3, ", {");

    if (Tokens.WholeList) {
      Edits.replace(Tokens.TripleGreater,
                    distance(Tokens.TripleGreater, Tokens.ArgsLParen) + 1,
                    "}).args(");
      std::string Tail = ")";
      for (const std::string &Default : Plan.DefaultArgTexts)
        Tail += ".arg(" + Default + ")";
      Edits.replace(Tokens.RParen, 1, Tail + ".launch()");
      return;
    }
    std::string AfterConfig = "})";
    if (Written > 0)
      AfterConfig += Plan.ArgOpeners[0];
    Edits.replace(Tokens.TripleGreater,
                  distance(Tokens.TripleGreater, Tokens.ArgsLParen) + 1,
                  AfterConfig);

    for (size_t I = 0; I < Tokens.Commas.size(); ++I) {
      SourceLocation Comma = Tokens.Commas[I];
      Edits.replace(Comma, 1 + horizontalSpaceAfter(Comma.getLocWithOffset(1)),
                    ")" + Plan.ArgOpeners[I + 1]);
    }

    std::string Tail = Written > 0 ? ")" : "";
    for (size_t I = 0; I < Plan.DefaultArgTexts.size(); ++I)
      Tail += Plan.ArgOpeners[Written + I] + Plan.DefaultArgTexts[I] + ")";
    Tail += ".launch()";
    Edits.replace(Tokens.RParen, 1, Tail);
  }
};

} // namespace

bool lowerLaunch(const CUDAKernelCallExpr &Launch,
                 const FunctionDecl &Enclosing, ASTContext &Context,
                 const LaunchLoweringOptions &Options, bool InHostDevice,
                 SourceEdits &Edits, LaunchLoweringState &State) {
  return LaunchLowerer(Launch, Enclosing, Context, Options, InHostDevice)
      .lower(Edits, State);
}

void insertAliasDeclarations(
    const LaunchLoweringState &State, const SourceManager &SM,
    llvm::function_ref<SourceEdits &(FileID)> EditsOf) {
  for (const auto &[At, Declarations] : State.AliasDeclarations)
    EditsOf(SM.getFileID(At))
        .insert(At, llvm::join(Declarations, "") + lineDirectiveAt(SM, At));
}

} // namespace cdp
