//===- LaunchBounds.cpp - Bound the kernels the runtime adds to -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchBounds.h"

#include "CudaAST/RegisterCap.h"
#include "CudaAST/WrittenText.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace cdp {
namespace {

/// A function as the lowering names it: a template's instantiation by its
/// pattern, where the runtime's code is written.
const FunctionDecl *patternOf(const FunctionDecl *F) {
  if (const FunctionDecl *Pattern = F->getTemplateInstantiationPattern())
    F = Pattern;
  return F->getCanonicalDecl();
}

/// Who calls whom, by patterns, with the kernels defined.
class CallsCollector : public RecursiveASTVisitor<CallsCollector> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBodies() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *F) {
    return inFunction(F, [&] { return Base::TraverseFunctionDecl(F); });
  }
  bool TraverseCXXMethodDecl(CXXMethodDecl *F) {
    return inFunction(F, [&] { return Base::TraverseCXXMethodDecl(F); });
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (!Callers.empty())
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        Callees[Callers.back()].push_back(patternOf(Callee));
    return true;
  }
  /// A constructor or destructor runs code too.
  bool VisitCXXConstructExpr(CXXConstructExpr *Construct) {
    if (!Callers.empty())
      Callees[Callers.back()].push_back(patternOf(Construct->getConstructor()));
    return true;
  }

  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const FunctionDecl *>>
      Callees;
  llvm::SetVector<const FunctionDecl *> Kernels;

private:
  using Base = RecursiveASTVisitor<CallsCollector>;

  /// Traverses \p Function (\p Traverse) as the caller of what it calls.
  bool inFunction(FunctionDecl *Function, llvm::function_ref<bool()> Traverse) {
    if (!Function->doesThisDeclarationHaveABody())
      return Traverse();
    const FunctionDecl *Key = patternOf(Function);
    if (Function->hasAttr<CUDAGlobalAttr>())
      Kernels.insert(Key);
    Callers.push_back(Key);
    const bool Result = Traverse();
    Callers.pop_back();
    return Result;
  }

  llvm::SmallVector<const FunctionDecl *, 4> Callers;
};

} // namespace

std::string copyLaunchBounds(const FunctionDecl &Child, ASTContext &Context) {
  if (std::optional<std::string> Cap = writtenRegisterCap(Child))
    return *Cap + " ";
  const auto *Bounds = Child.getAttr<CUDALaunchBoundsAttr>();
  if (!Bounds)
    return std::string(RuntimeLaunchBounds) + " ";
  const SourceManager &SM = Context.getSourceManager();
  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Bounds->getRange()), SM,
      Context.getLangOpts());
  if (Range.isValid())
    return writtenText(Range, SM, Context.getLangOpts()) + " ";
  // Spelt by a macro: the copy takes the values.
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << "__launch_bounds__(";
  Bounds->getMaxThreads()->printPretty(OS, nullptr,
                                       Context.getPrintingPolicy());
  if (const Expr *Min = Bounds->getMinBlocks()) {
    OS << ", ";
    Min->printPretty(OS, nullptr, Context.getPrintingPolicy());
  }
  OS << ") ";
  return Text;
}

llvm::SetVector<const FunctionDecl *>
kernelsRunning(ASTContext &Context,
               const llvm::SetVector<const FunctionDecl *> &Users) {
  llvm::SetVector<const FunctionDecl *> Running;
  if (Users.empty())
    return Running;
  llvm::DenseSet<const FunctionDecl *> Targets;
  for (const FunctionDecl *User : Users)
    Targets.insert(patternOf(User));
  CallsCollector Calls;
  Calls.TraverseDecl(Context.getTranslationUnitDecl());
  for (const FunctionDecl *Kernel : Calls.Kernels) {
    llvm::DenseSet<const FunctionDecl *> Seen{Kernel};
    llvm::SmallVector<const FunctionDecl *, 8> Work{Kernel};
    while (!Work.empty()) {
      const FunctionDecl *F = Work.pop_back_val();
      if (Targets.contains(F)) {
        Running.insert(Kernel);
        break;
      }
      if (auto It = Calls.Callees.find(F); It != Calls.Callees.end())
        for (const FunctionDecl *Callee : It->second)
          if (Seen.insert(Callee).second)
            Work.push_back(Callee);
    }
  }
  return Running;
}

llvm::SetVector<const FunctionDecl *>
boundKernels(const llvm::SetVector<const FunctionDecl *> &Kernels,
             ASTContext &Context, llvm::function_ref<bool(FileID)> Edited,
             llvm::function_ref<SourceEdits &(FileID)> EditsOf) {
  const SourceManager &SM = Context.getSourceManager();
  llvm::SetVector<const FunctionDecl *> Bounded;
  for (const FunctionDecl *Kernel : Kernels) {
    // Bounds on any declaration bind the definition; a register cap is
    // bounds of its own too, and nvcc refuses both on one kernel.
    bool OwnBounds = writtenRegisterCap(*Kernel).has_value();
    for (const FunctionDecl *D : Kernel->redecls())
      OwnBounds = OwnBounds || D->hasAttr<CUDALaunchBoundsAttr>();
    if (OwnBounds)
      continue;
    const FunctionDecl *Definition = Kernel->getDefinition();
    if (!Definition)
      continue;
    // Before the name, and before `ns::` in an out-of-line definition.
    SourceLocation Name = Definition->getQualifierLoc()
                              ? Definition->getQualifierLoc().getBeginLoc()
                              : Definition->getLocation();
    if (!Name.isFileID() || !Edited(SM.getFileID(Name)))
      continue; // Named by a macro, or in a file not written: as written.
    EditsOf(SM.getFileID(Name))
        .insert(Name, std::string(RuntimeLaunchBounds) + " ");
    Bounded.insert(Kernel);
  }
  return Bounded;
}

} // namespace cdp
