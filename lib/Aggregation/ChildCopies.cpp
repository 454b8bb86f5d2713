//===- ChildCopies.cpp - A child's body for one thread, and its users -----===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/ChildCopies.h"

#include "Aggregation/IndexGuard.h"
#include "CudaAST/LineDirectives.h"
#include "CudaAST/RuntimeNames.h"
#include "Lowering/InsertedLines.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cdp {
namespace {

/// The name of \p Child's parameter \p Param: `cdp_argN` when unnamed.
std::string parameterName(const ParmVarDecl &Param) {
  return Param.getIdentifier()
             ? Param.getNameAsString()
             : "cdp_arg" + std::to_string(Param.getFunctionScopeIndex());
}

/// `const int *edges, int first` for \p Child's parameters.
std::string parameterList(const FunctionDecl &Child, ASTContext &Context) {
  llvm::SmallVector<std::string, 8> Declarations;
  for (const ParmVarDecl *Param : Child.parameters()) {
    std::string Declaration;
    llvm::raw_string_ostream OS(Declaration);
    Param->getType().print(OS, Context.getPrintingPolicy(),
                           parameterName(*Param));
    Declarations.push_back(Declaration);
  }
  return llvm::join(Declarations, ", ");
}

std::string argumentList(const FunctionDecl &Child) {
  llvm::SmallVector<std::string, 8> Names;
  for (const ParmVarDecl *Param : Child.parameters())
    Names.push_back(parameterName(*Param));
  return llvm::join(Names, ", ");
}

/// `, <List>`, or nothing for an empty list.
std::string andThen(const std::string &List) {
  return List.empty() ? "" : ", " + List;
}

bool writeChildCopy(const FunctionDecl &Child, const ChildCopy &Copy,
                    ASTContext &Context,
                    llvm::function_ref<SourceEdits &(FileID)> EditsOf) {
  const SourceManager &SM = Context.getSourceManager();
  const auto *Body = cast<CompoundStmt>(Child.getBody());
  SourceEdits &Edits = EditsOf(SM.getFileID(Body->getLBracLoc()));
  std::optional<std::string> BodyText = bodyAfterEdits(Child, Context, Edits);
  if (!BodyText)
    return false;
  const std::string Name = Child.getNameAsString();
  const std::string Parameters = andThen(parameterList(Child, Context));
  const std::string Arguments = andThen(argumentList(Child));
  // A launch before the copy (in the child itself, when it launches
  // itself) needs the wrappers declared first.
  const bool DeclaredFirst =
      SM.isBeforeInTranslationUnit(Copy.FirstUse, Body->getRBracLoc());
  // cdp_same: the arguments that every lane of the launching warp passes
  // the same (cdp::serial::sameArguments, written at the launch). Its
  // default goes on the first declaration only.
  auto SerialSignature = [&](bool WithDefault) {
    return "template <unsigned long long cdp_same" +
           std::string(WithDefault ? " = 0" : "") +
           ">\nstatic __device__ void " + Name +
           "_serial(dim3 cdp_grid, dim3 cdp_block" + Parameters + ")";
  };
  const std::string Serial = SerialSignature(!DeclaredFirst);
  const std::string Coarsened = "static __global__ void " + Name +
                                "_coarsened(const dim3 cdp_grid" + Parameters +
                                ")";
  const char *Options = Copy.Serial && Copy.Coarsened ? "--threshold, --coarsen"
                        : Copy.Serial                 ? "--threshold"
                                                      : "--coarsen";
  std::string Text =
      "\n\n/// '" + Name + "' for one thread (cdp-lower " + Options +
      "): its body, with\n/// the indices as parameters.\n"
      "static __device__ void " +
      Name +
      "_thread(const uint3 blockIdx, const uint3 threadIdx,\n"
      "    const dim3 gridDim, const dim3 blockDim" +
      Parameters + ")\n" + lineDirectiveAt(SM, Body->getLBracLoc()) + *BodyText;
  // A wrapper: its comment, its signature, and one call of the runtime
  // (\p Runtime, with its template arguments) with the wrapper's leading
  // parameters.
  auto Wrapper = [&](const std::string &What, const std::string &Signature,
                     const std::string &Runtime, const std::string &Leading) {
    return "\n/// '" + Name + "' " + What + ".\n" + Signature + " {\n  " +
           Runtime + "(" + Leading + Arguments + ");\n}";
  };
  if (Copy.Serial) {
    const std::string Thread = "<" + Name + "_thread, cdp_same>";
    // A child that returns at once from the threads at or past an x index
    // runs only those below it, so that small ones share turns of the warp.
    if (std::optional<std::string> Bound = indexGuardBound(Child, Context))
      Text += Wrapper("run by the launching warp, for each thread of a small "
                      "grid\n/// whose x index is below " +
                          *Bound + " (the others return at once)",
                      Serial, runtime::SerialByWarpFirst.str() + Thread,
                      "\n      " + runtime::SerialThreadsBelowX.str() +
                          "(cdp_grid, cdp_block, " + *Bound +
                          "),\n      cdp_grid, cdp_block");
    else
      Text += Wrapper("run by the launching warp, for each thread of a small "
                      "grid",
                      Serial, runtime::SerialByWarp.str() + Thread,
                      "cdp_grid, cdp_block");
  }
  if (Copy.Coarsened)
    Text += Wrapper(
        "with each block running several blocks of cdp_grid", Coarsened,
        runtime::CoarseBlocks.str() + "<" + Name + "_thread>", "cdp_grid");
  insertLinesAfter(SM, Edits, Body->getRBracLoc(), Text, /*Verbatim=*/true);
  if (DeclaredFirst) {
    std::string Declarations;
    if (Copy.Serial)
      Declarations += SerialSignature(/*WithDefault=*/true) + ";";
    if (Copy.Coarsened)
      Declarations +=
          std::string(Declarations.empty() ? "" : "\n") + Coarsened + ";";
    const FunctionDecl &First = *Child.getFirstDecl();
    declareBefore(
        SM, EditsOf(SM.getFileID(SM.getExpansionLoc(First.getOuterLocStart()))),
        First, Declarations);
  }
  return true;
}

} // namespace

ChildCopy &ChildCopies::use(const FunctionDecl &Child, SourceLocation At,
                            const SourceManager &SM) {
  auto [It, New] = Children.insert({Child.getDefinition(), ChildCopy()});
  ChildCopy &Copy = It->second;
  if (New || SM.isBeforeInTranslationUnit(At, Copy.FirstUse))
    Copy.FirstUse = At;
  return Copy;
}

bool writeChildCopies(const ChildCopies &Copies, ASTContext &Context,
                      llvm::function_ref<SourceEdits &(FileID)> EditsOf) {
  for (const auto &[Child, Copy] : Copies.Children)
    if (!writeChildCopy(*Child, Copy, Context, EditsOf))
      return false;
  return true;
}

} // namespace cdp
