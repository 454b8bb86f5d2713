//===- Check.h - One device-runtime rule ------------------------*- C++ -*-===//
//
// A check is one small class, as in clang-tidy: it registers AST matchers for
// the code it is about and reports from the match callback. Checks are made
// per translation unit by createEnabledChecks() (AllChecks.h).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_CHECKS_CHECK_H
#define CDP_LOWER_CHECKS_CHECK_H

#include "Checks/CheckContext.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"

namespace cdp {

class Check : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  Check(llvm::StringRef Name, CheckContext &Context)
      : Name(Name), Context(Context) {}

  virtual void registerMatchers(clang::ast_matchers::MatchFinder &Finder) = 0;

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
  /// True when \p S runs on the GPU (a __global__ or __device__ function).
  bool isDeviceCode(const clang::Stmt &S) const;

  llvm::StringRef Name;
  CheckContext &Context;
};

} // namespace cdp

#endif // CDP_LOWER_CHECKS_CHECK_H
