//===- RuntimeCalls.cpp - Calls to the CUDA runtime, resolved or not ------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "CudaAST/RuntimeCalls.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringSet.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace cdp {

// Named as clang's own node matchers are (ASTMatchers.h has none for it).
static const internal::VariadicDynCastAllOfMatcher<Stmt, RecoveryExpr>
    recoveryExpr; // NOLINT(readability-identifier-naming)

/// CUDA_API_PER_THREAD_DEFAULT_STREAM renames calls with these suffixes.
static StringRef withoutPerThreadSuffix(StringRef Name) {
  for (StringRef Suffix : {"_ptsz", "_ptds"})
    if (Name.consume_back(Suffix))
      return Name;
  return Name;
}

namespace {
/// hasAnyName() for the runtime's plain identifiers, per-thread spellings
/// included, by one hash lookup rather than a comparison with each name:
/// every call in the file meets this matcher once per runtime-call check.
AST_MATCHER_P(NamedDecl, isRuntimeFunctionIn, llvm::StringSet<>, Names) {
  const IdentifierInfo *Id = Node.getIdentifier();
  return Id && Names.contains(withoutPerThreadSuffix(Id->getName()));
}
} // namespace

void addRuntimeCallMatchers(MatchFinder &Finder, ArrayRef<StringRef> Names,
                            MatchFinder::MatchCallback *Callback) {
  llvm::StringSet<> NameSet;
  for (StringRef Name : Names)
    NameSet.insert(Name);
  auto Named = namedDecl(isRuntimeFunctionIn(NameSet));
  Finder.addMatcher(callExpr(callee(functionDecl(Named))).bind("call"),
                    Callback);
  Finder.addMatcher(
      recoveryExpr(has(unresolvedLookupExpr(hasAnyDeclaration(Named))))
          .bind("call"),
      Callback);
}

static bool inGlobalNamespace(const NamedDecl &D) {
  return D.getDeclContext()->getRedeclContext()->isTranslationUnit() ||
         D.getDeclContext()->isExternCContext();
}

std::optional<RuntimeCall> asRuntimeCall(const Expr &E) {
  if (const auto *Call = dyn_cast<CallExpr>(&E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || !inGlobalNamespace(*Callee))
      return std::nullopt;
    RuntimeCall Result{
        Call, withoutPerThreadSuffix(Callee->getName()), {}, true};
    for (const Expr *Arg : Call->arguments())
      Result.Args.push_back(Arg);
    return Result;
  }
  const auto *Recovery = dyn_cast<RecoveryExpr>(&E);
  if (!Recovery || Recovery->subExpressions().empty())
    return std::nullopt;
  const auto *Lookup =
      dyn_cast<UnresolvedLookupExpr>(Recovery->subExpressions().front());
  if (!Lookup || !Lookup->getName().isIdentifier())
    return std::nullopt;
  RuntimeCall Result{Recovery,
                     withoutPerThreadSuffix(
                         Lookup->getName().getAsIdentifierInfo()->getName()),
                     {},
                     false};
  for (const Expr *Arg : Recovery->subExpressions().drop_front())
    Result.Args.push_back(Arg);
  return Result;
}

bool readsLastError(const Expr &E) {
  std::optional<RuntimeCall> Runtime = asRuntimeCall(E);
  return Runtime && Runtime->Resolved &&
         (Runtime->Name == "cudaGetLastError" ||
          Runtime->Name == "cudaPeekAtLastError");
}

StringRef specialStreamName(const Expr &Stream, const ASTContext &Context) {
  // cudaStreamTailLaunch is ((cudaStream_t)0x3), fire-and-forget 0x4.
  const Expr *Handle = Stream.IgnoreParenCasts();
  Expr::EvalResult Value;
  if (Handle->isValueDependent() || !Handle->getType()->isIntegerType() ||
      !Handle->EvaluateAsInt(Value, Context))
    return {};
  switch (Value.Val.getInt().getExtValue()) {
  case 3:
    return "cudaStreamTailLaunch";
  case 4:
    return "cudaStreamFireAndForget";
  default:
    return {};
  }
}

} // namespace cdp
