//===- NvccAcceptedErrors.cpp - clang's errors in code nvcc builds --------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/NvccAcceptedErrors.h"
#include "CudaAST/SystemHeaders.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaCUDA.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cdp {
namespace {

/// The templates (their patterns) of which the translation unit holds an
/// instance.
class InstantiatedTemplates
    : public RecursiveASTVisitor<InstantiatedTemplates> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *Function) {
    if (!Function->isTemplateInstantiation())
      return true;
    if (const FunctionDecl *Pattern = Function->getTemplateInstantiationPattern(
            /*ForDefinition=*/false))
      Patterns.insert(Pattern->getCanonicalDecl());
    return true;
  }

  llvm::DenseSet<const FunctionDecl *> Patterns;
};

/// Whether clang made \p Function `__host__ __device__` itself (a
/// `constexpr` function), where nvcc leaves it a host function.
bool isImplicitlyHostDevice(const FunctionDecl &Function) {
  const auto *Device = Function.getAttr<CUDADeviceAttr>();
  return Device && Device->isImplicit();
}

/// Whether \p Name is spelled as the CUDA runtime and driver APIs name
/// theirs: `cuda` or `cu`, then a capital (cudaThreadSynchronize,
/// cuCtxCreate).
bool isNamedAsCudaApi(llvm::StringRef Name) {
  return (Name.consume_front("cuda") || Name.consume_front("cu")) &&
         !Name.empty() && llvm::isUpper(Name.front());
}

/// Whether \p Decl is declared in a header of the CUDA toolkit: a file
/// beside its cuda_runtime_api.h.
bool isDeclaredByToolkit(const Decl &Decl, const SourceManager &SM) {
  if (!isInSystemHeader(&Decl, SM))
    return false;
  OptionalFileEntryRef File =
      SM.getFileEntryRefForID(SM.getFileID(SM.getFileLoc(Decl.getLocation())));
  if (!File)
    return false;
  llvm::SmallString<256> Beside(File->getDir().getName());
  llvm::sys::path::append(Beside, "cuda_runtime_api.h");
  return llvm::sys::fs::exists(Beside);
}

/// The identifier that clang's error \p Info is about, in its argument
/// \p Index; empty when that argument names none.
llvm::StringRef identifierArgument(const Diagnostic &Info, unsigned Index) {
  if (Info.getArgKind(Index) == DiagnosticsEngine::ak_identifierinfo)
    return Info.getArgIdentifier(Index)
               ? Info.getArgIdentifier(Index)->getName()
               : llvm::StringRef();
  if (Info.getArgKind(Index) == DiagnosticsEngine::ak_declarationname) {
    const DeclarationName Name =
        DeclarationName::getFromOpaqueInteger(Info.getRawArg(Index));
    if (const IdentifierInfo *Identifier = Name.getAsIdentifierInfo())
      return Identifier->getName();
  }
  return {};
}

/// Whether clang's error \p Info is that the code uses a CUDA API name, or
/// a member of a toolkit type, that the toolkit's headers do not declare.
bool usesWhatToolkitLacks(const Diagnostic &Info, const SourceManager &SM) {
  switch (Info.getID()) {
  case diag::err_undeclared_var_use:
  case diag::err_undeclared_var_use_suggest:
    return isNamedAsCudaApi(identifierArgument(Info, 0));
  case diag::err_no_member:
  case diag::err_no_member_suggest:
    if (Info.getArgKind(1) != DiagnosticsEngine::ak_declcontext)
      return false;
    return isDeclaredByToolkit(
        *Decl::castFromDeclContext(
            reinterpret_cast<const DeclContext *>(Info.getRawArg(1))),
        SM);
  default:
    return false;
  }
}

/// Whether clang's error \p Info, made in the scope of a class, is that a
/// name is unknown there, with the suggestion of the same name qualified
/// by a namespace: what a friend declaration qualified by that namespace
/// finds in it (`friend void details::k(C<F>)`, `C` being `details::C`).
bool isQualifiedFriendName(const Diagnostic &Info, const Sema &S) {
  switch (Info.getID()) {
  case diag::err_no_template_suggest:
  case diag::err_unknown_typename_suggest:
    break;
  default:
    return false;
  }
  if (!isa<CXXRecordDecl>(S.CurContext))
    return false;
  const llvm::StringRef Name = identifierArgument(Info, 0);
  if (Name.empty() || Info.getNumArgs() < 2 ||
      Info.getArgKind(1) != DiagnosticsEngine::ak_std_string)
    return false;
  // The suggestion, quoted: 'details::C'.
  llvm::StringRef Suggested = Info.getArgStdStr(1);
  if (!Suggested.consume_front("'") || !Suggested.consume_back("'") ||
      !Suggested.consume_back(Name) || !Suggested.consume_back("::") ||
      Suggested.empty())
    return false;
  // Of a namespace: a class's member would be found from its scope.
  const NamedDecl *Found = nullptr;
  for (const DeclContext *DC = S.CurContext; DC && !Found; DC = DC->getParent())
    if (DC->isFileContext())
      for (const Decl *Inner : DC->decls())
        if (const auto *Namespace = dyn_cast<NamespaceDecl>(Inner))
          if (Namespace->getQualifiedNameAsString() == Suggested ||
              Namespace->getName() == Suggested)
            Found = Namespace;
  return Found != nullptr;
}

/// Whether the variable declared at \p NameLoc is followed by an
/// initializer as written (`= 0`, `(1)`, `{}`), past any array bounds;
/// true where the tokens cannot tell (a macro's name).
bool hasWrittenInitializer(SourceLocation NameLoc, const SourceManager &SM,
                           const LangOptions &LangOpts) {
  if (NameLoc.isInvalid() || NameLoc.isMacroID())
    return true;
  std::optional<Token> Next = Lexer::findNextToken(NameLoc, SM, LangOpts);
  unsigned Depth = 0;
  while (Next && (Depth > 0 || Next->is(tok::l_square))) {
    if (Next->is(tok::l_square))
      ++Depth;
    else if (Next->is(tok::r_square))
      --Depth;
    else if (Next->is(tok::eof))
      return true;
    Next = Lexer::findNextToken(Next->getLocation(), SM, LangOpts);
  }
  return !Next || !Next->isOneOf(tok::semi, tok::comma);
}

/// Whether nvcc compiles \p Function only where something calls it: a
/// `__device__` function (not a kernel, nor `__host__ __device__`, whose
/// wrong-side calls clang itself reports only where they are emitted)
/// that is `static`, `inline` or in an anonymous namespace.
bool compiledOnlyWhereCalled(const FunctionDecl &Function) {
  return Function.hasAttr<CUDADeviceAttr>() &&
         !Function.hasAttr<CUDAHostAttr>() &&
         !Function.hasAttr<CUDAGlobalAttr>() &&
         (Function.getStorageClass() == SC_Static || Function.isInlined() ||
          Function.isInAnonymousNamespace());
}

} // namespace

NvccAcceptedErrors &NvccAcceptedErrors::install(CompilerInstance &CI) {
  NvccAcceptedErrors &Filter = DiagnosticFilter::install<NvccAcceptedErrors>(
      CI.getDiagnostics(),
      [&](DiagnosticConsumer &Next, std::unique_ptr<DiagnosticConsumer> Owned) {
        return new NvccAcceptedErrors(CI, Next, std::move(Owned));
      });
  Filter.DeviceOnly.recordFrom(CI.getPreprocessor());
  return Filter;
}

const char *NvccAcceptedErrors::whyLoweredPast(Reason Why) {
  switch (Why) {
  case Reason::HostCode:
    return "cdp-lower lowers past this error in host code: nvcc compiles "
           "host code with its host compiler, which accepts code that clang "
           "refuses, and device code cannot call it; the lowered file keeps "
           "it as written, for nvcc to judge";
  case Reason::ToolkitLacks:
    return "the CUDA toolkit's headers that this file reads do not declare "
           "this, and nvcc reads the same ones: nvcc will reject it too (CUDA "
           "13 removed, among others, cudaThreadSynchronize and "
           "cudaDeviceProp's clockRate); cdp-lower lowers past it in host "
           "code and keeps it as written";
  case Reason::NoInstance:
    return "cdp-lower lowers past this error: no pass of nvcc compiles this "
           "template, since its host pass does not take this __CUDA_ARCH__ "
           "branch and its device pass compiles only the templates the file "
           "instantiates, which it does not; the lowered file keeps it as "
           "written";
  case Reason::ExecutionSpace:
    return "nvcc accepts a __device__ declaration of a constexpr function, "
           "which clang makes __host__ __device__: cdp-lower lowers past "
           "this error and keeps the code as written, but does not transform "
           "the file's launches, since its parse of the device code is not "
           "nvcc's";
  case Reason::SharedConstructor:
    return "nvcc accepts a __shared__ variable of a class with a "
           "constructor, warns that it does not run the constructor "
           "(#20054-D), and builds it; cdp-lower lowers past this error and "
           "keeps the code as written, but does not transform the file's "
           "launches, since clang's parse of the device code lacks the "
           "variable";
  case Reason::UncalledDeviceFunction:
    return "nvcc compiles a static or inline __device__ function only where "
           "something calls it, and checks the side of its calls then; "
           "nothing references this one, so no code comes of it: cdp-lower "
           "lowers past this error and keeps the code as written";
  case Reason::QualifiedFriendName:
    return "C++ looks a name in a friend declaration qualified by a "
           "namespace up in that namespace too, as nvcc and GCC do; clang "
           "does not, and reads the name it suggests, which is the one they "
           "find: cdp-lower lowers past this error and keeps the code as "
           "written";
  case Reason::TemplateParameterShadow:
    return "nvcc's own front end reports this as a warning (#497-D) and, as "
           "clang does here, reads the inner parameter where the name is "
           "used: cdp-lower lowers past this error and keeps the code as "
           "written, for nvcc's host compiler to judge (MSVC accepts it, GCC "
           "does not)";
  }
  llvm_unreachable("a reason without a note");
}

std::optional<NvccAcceptedErrors::HeldError>
NvccAcceptedErrors::heldFor(const Diagnostic &Info) const {
  if (Settling || Settled || !CI.hasSema() ||
      DiagnosticIDs::IsCustomDiag(Info.getID()))
    return std::nullopt;
  Sema &S = CI.getSema();
  if (!S.getLangOpts().CUDA)
    return std::nullopt;
  if (Info.getID() == diag::err_shared_var_init &&
      !hasWrittenInitializer(Info.getLocation(), S.getSourceManager(),
                             S.getLangOpts()))
    return HeldError{Reason::SharedConstructor, nullptr, {}};
  if (Info.getID() == diag::err_template_param_shadow)
    return HeldError{Reason::TemplateParameterShadow, nullptr, {}};
  if (isQualifiedFriendName(Info, S))
    return HeldError{Reason::QualifiedFriendName, nullptr, {}};
  // Its notes say whether every candidate failed on the execution space.
  if (Info.getID() == diag::err_function_template_spec_no_match)
    return HeldError{Reason::ExecutionSpace, nullptr, {}};
  if (Info.getID() == diag::err_cuda_ovl_target &&
      Info.getArgKind(3) == DiagnosticsEngine::ak_nameddecl) {
    const auto *Previous = dyn_cast_or_null<FunctionDecl>(
        reinterpret_cast<const NamedDecl *>(Info.getRawArg(3)));
    if (Previous && isImplicitlyHostDevice(*Previous))
      return HeldError{Reason::ExecutionSpace, nullptr, {}};
    return std::nullopt;
  }
  // In a function's body (lambdas included), innermost first.
  llvm::SmallVector<const FunctionDecl *, 2> Enclosing;
  for (const DeclContext *DC = S.CurContext; DC; DC = DC->getParent())
    if (const auto *Function = dyn_cast<FunctionDecl>(DC))
      Enclosing.push_back(Function);
  if (Enclosing.empty())
    return std::nullopt;
  if (llvm::all_of(Enclosing, [&](const FunctionDecl *Function) {
        return S.CUDA().IdentifyTarget(Function) == CUDAFunctionTarget::Host;
      }))
    return HeldError{usesWhatToolkitLacks(Info, S.getSourceManager())
                         ? Reason::ToolkitLacks
                         : Reason::HostCode,
                     nullptr,
                     {}};
  const FunctionDecl *Outermost = Enclosing.back();
  // Whether anything calls the function is known once the parse has ended.
  if ((Info.getID() == diag::err_ovl_no_viable_function_in_call ||
       Info.getID() == diag::err_ref_bad_target) &&
      compiledOnlyWhereCalled(*Outermost))
    return HeldError{Reason::UncalledDeviceFunction, Outermost, {}};
  // Whether the branch is the device's alone is known once it has ended.
  if (!S.inTemplateInstantiation() && Outermost->isTemplated())
    return HeldError{Reason::NoInstance, Outermost, {}};
  return std::nullopt;
}

void NvccAcceptedErrors::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                          const Diagnostic &Info) {
  if (Level == DiagnosticsEngine::Note && HoldingNotes) {
    Held.back().Diagnostics.emplace_back(Level, Info);
    return;
  }
  HoldingNotes = false;
  if (Level == DiagnosticsEngine::Error)
    if (std::optional<HeldError> Error = heldFor(Info)) {
      Error->Diagnostics.emplace_back(Level, Info);
      Held.push_back(std::move(*Error));
      HoldingNotes = true;
      // clang's -ferror-limit counts the errors passed on as such.
      if (unsigned Limit = CI.getDiagnosticOpts().ErrorLimit)
        CI.getDiagnostics().setErrorLimit(Limit + Held.size());
      return;
    }
  passOn(Level, Info);
}

bool NvccAcceptedErrors::accepted(
    const HeldError &Error,
    const llvm::DenseSet<const FunctionDecl *> &Instantiated) const {
  switch (Error.Why) {
  case Reason::HostCode:
  case Reason::ToolkitLacks:
  case Reason::TemplateParameterShadow:
  case Reason::QualifiedFriendName:
  case Reason::SharedConstructor:
    return true;
  case Reason::NoInstance:
    return DeviceOnly.contains(Error.Diagnostics.front().getLocation()) &&
           !Instantiated.contains(Error.Decider->getCanonicalDecl());
  case Reason::UncalledDeviceFunction:
    // No viable function only for the side of the call.
    // Decl::isReferenced and isUsed look at every declaration.
    return !Error.Decider->isReferenced() &&
           !Error.Decider->isUsed(/*CheckUsedAttr=*/false) &&
           llvm::all_of(llvm::drop_begin(Error.Diagnostics),
                        [](const StoredDiagnostic &Note) {
                          return Note.getID() ==
                                 diag::note_ovl_candidate_bad_target;
                        });
  case Reason::ExecutionSpace:
    if (Error.Diagnostics.front().getID() != diag::err_cuda_ovl_target)
      // No function template matches: only on the execution space.
      return Error.Diagnostics.size() > 1 &&
             llvm::all_of(
                 llvm::drop_begin(Error.Diagnostics),
                 [](const StoredDiagnostic &Note) {
                   return Note.getID() ==
                          diag::note_cuda_ovl_candidate_target_mismatch;
                 });
    return true;
  }
  return false;
}

void NvccAcceptedErrors::reportAgain(const StoredDiagnostic &Stored,
                                     DiagnosticsEngine::Level Level,
                                     bool WithFixIts) {
  CI.getDiagnostics().Report(StoredDiagnostic(
      Level, Stored.getID(), Stored.getMessage(), Stored.getLocation(),
      Stored.getRanges(),
      WithFixIts ? Stored.getFixIts() : llvm::ArrayRef<FixItHint>()));
}

void NvccAcceptedErrors::passOnHeld() {
  Settling = true;
  for (const HeldError &Error : Held)
    for (const StoredDiagnostic &D : Error.Diagnostics)
      reportAgain(D, D.getLevel(), /*WithFixIts=*/true);
  Settling = false;
  Held.clear();
}

void NvccAcceptedErrors::settle(ASTContext &Context) {
  if (Settled)
    return;
  Settled = true;
  InstantiatedTemplates Instances;
  if (llvm::any_of(Held, [](const HeldError &Error) {
        return Error.Why == Reason::NoInstance;
      }))
    Instances.TraverseDecl(Context.getTranslationUnitDecl());
  DiagnosticsEngine &Diags = CI.getDiagnostics();
  unsigned WhyID =
      Diags.getDiagnosticIDs()->getCustomDiagID(DiagnosticIDs::Note, "%0");
  Settling = true;
  for (const HeldError &Error : Held) {
    const StoredDiagnostic &First = Error.Diagnostics.front();
    if (!accepted(Error, Instances.Patterns)) {
      for (const StoredDiagnostic &D : Error.Diagnostics)
        reportAgain(D, D.getLevel(), /*WithFixIts=*/true);
      continue;
    }
    ++Accepted;
    DeviceParseDiffers = DeviceParseDiffers ||
                         Error.Why == Reason::ExecutionSpace ||
                         Error.Why == Reason::SharedConstructor;
    // -w, and a system header's (-Wsystem-headers): they are warnings now.
    if (CI.getDiagnosticOpts().IgnoreWarnings ||
        (Diags.getSuppressSystemWarnings() &&
         First.getLocation().isInSystemHeader()))
      continue;
    // Without fix-its: they would edit code that nvcc builds as it is.
    reportAgain(First, DiagnosticsEngine::Warning, /*WithFixIts=*/false);
    for (const StoredDiagnostic &Note : llvm::drop_begin(Error.Diagnostics))
      reportAgain(Note, DiagnosticsEngine::Note, /*WithFixIts=*/false);
    Diags.Report(StoredDiagnostic(DiagnosticsEngine::Note, WhyID,
                                  whyLoweredPast(Error.Why),
                                  First.getLocation(), {}, {}));
  }
  Settling = false;
  Held.clear();
}

bool NvccAcceptedErrors::onlyAcceptedErrors() const {
  return CI.getDiagnostics().getNumErrors() <= Accepted;
}

} // namespace cdp
