//===- Check.h - One device-runtime rule ------------------------*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A check is one small class, as in clang-tidy: it registers AST matchers for
// the code it is about and reports from the match callback. Checks are made
// per translation unit, from the registry (CheckRegistry.h), by the checks'
// consumer (ChecksConsumer.h).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_CHECK_H
#define CDP_LOWER_CHECKS_CHECK_H

#include "Checks/CheckContext.h"

#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace cdp {

class Check : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  Check(llvm::StringRef Name, CheckContext &Context)
      : Name(Name), Context(Context) {}

  virtual void registerMatchers(clang::ast_matchers::MatchFinder &) {}
  /// Called once the matchers have run over the whole translation unit, for
  /// checks about relations between functions (a PDL launch and its kernel).
  virtual void checkTranslationUnit() {}

  llvm::StringRef name() const { return Name; }

protected:
  /// Reports this check's diagnostic; see CheckContext::report.
  clang::DiagnosticBuilder diag(clang::SourceLocation Loc,
                                llvm::StringRef Format) {
    return Context.report(Name, Loc, Format);
  }
  clang::DiagnosticBuilder note(clang::SourceLocation Loc,
                                llvm::StringRef Format) {
    return Context.note(Loc, Format);
  }
  /// Where \p S (a call, unresolved call or asm statement) is written, the
  /// first time this check meets it; null after that. A statement of a
  /// template is met in the pattern and again in each instantiation, and is
  /// checked once: in the pattern, or in the first instantiation when only
  /// instantiations resolve it (a launch whose argument types depend on a
  /// template parameter).
  const CodeSite *siteToCheck(const clang::Stmt &S);
  /// siteToCheck(S) when \p S runs on the GPU; null otherwise.
  const CodeSite *deviceSiteToCheck(const clang::Stmt &S);

  /// Matches the definitions of __global__ and __device__ functions (with
  /// \p WithHostDevice, also __host__ __device__ ones), template patterns
  /// only, bound to "function": for the misuse clang drops from the AST,
  /// which only the body's tokens show.
  void addDeviceFunctionMatcher(clang::ast_matchers::MatchFinder &Finder,
                                bool WithHostDevice);
  /// forEachIdentifierInBody (CudaAST/BodyTokens.h) on a user function.
  void
  forEachIdentifierIn(const clang::FunctionDecl &F,
                      llvm::function_ref<void(const clang::Token &Identifier,
                                              const clang::Token &Next)>
                          Visit);
  /// forEachMentionInBody (CudaAST/BodyTokens.h) on a user function.
  void forEachMentionIn(const clang::FunctionDecl &F,
                        llvm::ArrayRef<llvm::StringRef> Names,
                        llvm::function_ref<void(const clang::Token &Identifier,
                                                const clang::Token &Next)>
                            Visit);

  llvm::StringRef Name;
  CheckContext &Context;

private:
  llvm::DenseSet<clang::SourceLocation> Checked;
};

/// A check about device-side `<<<>>>` launches (and launches in
/// __host__ __device__ code, which the lowering cannot take).
class LaunchCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void
  run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

protected:
  /// One launch outside host-only code, written at \p Site.
  virtual void checkLaunch(const clang::CUDAKernelCallExpr &Launch,
                           const CodeSite &Site) = 0;
};

struct RuntimeCall;

/// A check about calls to named CUDA runtime functions, resolved or not
/// (see CudaAST/RuntimeCalls.h), made on one side of the code.
class RuntimeCallCheck : public Check {
public:
  enum class Side { Device, Host };
  RuntimeCallCheck(llvm::StringRef Name, CheckContext &Context,
                   std::vector<llvm::StringRef> Functions, Side Where)
      : Check(Name, Context), Functions(std::move(Functions)), Where(Where) {}

  void registerMatchers(clang::ast_matchers::MatchFinder &Finder) override;
  void
  run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

protected:
  /// One call to one of the functions, on the check's side.
  virtual void checkCall(const RuntimeCall &Call) = 0;

private:
  std::vector<llvm::StringRef> Functions;
  Side Where;
};

} // namespace cdp

#endif // CDP_LOWER_CHECKS_CHECK_H
