//===- DeviceSynchronizeCheck.cpp - No cudaDeviceSynchronize under CDP2 ---===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-device-synchronize. CDP2 (the default since CUDA 12, the only model on
// sm_90+) removed device-side cudaDeviceSynchronize: a parent cannot wait for
// its children. clang only says "no matching function"; this says why and
// what to write instead, and offers to remove a call that is the last
// statement of a kernel (the grid does not complete before its children).
// References that are not calls (a function pointer) are found in the
// tokens, because clang drops such an initializer from the AST.
//
//===----------------------------------------------------------------------===//

#include "Checks/CheckFactories.h"
#include "CudaAST/RuntimeCalls.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {
namespace {

constexpr StringRef Message =
    "cudaDeviceSynchronize() is not available in device code under CDP2 "
    "(CUDA 12 and later; always on sm_90 and up): a parent grid can no "
    "longer wait for its children; launch the work that needs their results "
    "as a kernel on cudaStreamTailLaunch, which runs after this grid and all "
    "its children complete";

class DeviceSynchronizeCheck : public Check {
public:
  using Check::Check;

  void registerMatchers(MatchFinder &Finder) override {
    addRuntimeCallMatchers(Finder, {DeviceSynchronizeName}, this);
    addDeviceFunctionMatcher(Finder, /*WithHostDevice=*/false);
  }

  void run(const MatchFinder::MatchResult &Result) override {
    if (Context.cdpVersion() != CdpVersion::CDP2)
      return;
    if (const auto *Call = Result.Nodes.getNodeAs<Expr>("call")) {
      if (const CodeSite *Site = deviceSiteToCheck(*Call))
        reportCall(*Call, *Site);
      return;
    }
    if (const auto *F = Result.Nodes.getNodeAs<FunctionDecl>("function"))
      findReferencesInTokens(*F);
  }

private:
  void reportCall(const Expr &Call, const CodeSite &Site);
  void findReferencesInTokens(const FunctionDecl &F);
  /// The range to delete when \p Call is the last statement of a kernel and
  /// its result is unused; invalid otherwise.
  CharSourceRange removableStatement(const Expr &Call);
};

void DeviceSynchronizeCheck::reportCall(const Expr &Call,
                                        const CodeSite &Site) {
  const SourceManager &SM = Context.sourceManager();
  SourceLocation Loc = SM.getExpansionLoc(Call.getBeginLoc());
  CharSourceRange Removal = removableStatement(Call);
  diag(Loc, Message) << Call.getSourceRange();
  if (Removal.isValid()) {
    note(Loc, "this is the kernel's last statement and its result is unused: "
              "remove it; the grid does not complete until its children do")
        << FixItHint::CreateRemoval(Removal);
    return;
  }
  // The migration writes that kernel, from a kernel's own body; in a file
  // another includes, where --header-filter lets it edit.
  if (Site.Function && Site.Function->hasAttr<CUDAGlobalAttr>()) {
    if (SM.isInMainFile(Loc))
      note(Loc, "cdp-lower --migrate-cdp1 moves the code after it into such "
                "a kernel");
    else
      note(Loc, "cdp-lower --migrate-cdp1 moves the code after it into such "
                "a kernel, with --header-filter selecting '%0', the included "
                "file that holds it")
          << llvm::sys::path::filename(SM.getFilename(Loc));
  }
}

CharSourceRange DeviceSynchronizeCheck::removableStatement(const Expr &Call) {
  ASTContext &AST = Context.ast();
  const Stmt *Statement = &Call;
  DynTypedNodeList Parents = AST.getParents(*Statement);
  // `(void)cudaDeviceSynchronize();` discards the result too.
  while (Parents.size() == 1 && Parents[0].get<CStyleCastExpr>()) {
    Statement = Parents[0].get<CStyleCastExpr>();
    Parents = AST.getParents(*Statement);
  }
  const auto *Body =
      Parents.size() == 1 ? Parents[0].get<CompoundStmt>() : nullptr;
  if (!Body || Body->body_back() != Statement)
    return {};
  const auto *Kernel = dyn_cast_or_null<FunctionDecl>(
      AST.getParents(*Body).empty() ? nullptr
                                    : AST.getParents(*Body)[0].get<Decl>());
  if (!Kernel || !Kernel->hasAttr<CUDAGlobalAttr>() ||
      Kernel->getBody() != Body)
    return {};
  const SourceManager &SM = AST.getSourceManager();
  CharSourceRange Range = SM.getExpansionRange(Statement->getSourceRange());
  SourceLocation Semi = Lexer::findLocationAfterToken(
      Range.getEnd(), tok::semi, SM, AST.getLangOpts(),
      /*SkipTrailingWhitespaceAndNewLine=*/false);
  if (Semi.isInvalid())
    return {};
  return CharSourceRange::getCharRange(Range.getBegin(), Semi);
}

void DeviceSynchronizeCheck::findReferencesInTokens(const FunctionDecl &F) {
  forEachMentionIn(F, {DeviceSynchronizeName},
                   [&](const Token &Identifier, const Token &Next) {
                     // A call is reported from the AST, with its fix-it.
                     if (Next.is(tok::l_paren))
                       return;
                     diag(Identifier.getLocation(), Message) << SourceRange(
                         Identifier.getLocation(), Identifier.getEndLoc());
                   });
}

} // namespace

std::unique_ptr<Check> createDeviceSynchronizeCheck(StringRef Name,
                                                    CheckContext &Context) {
  return std::make_unique<DeviceSynchronizeCheck>(Name, Context);
}

} // namespace cdp
