//===- UnboundedCopies.cpp - A kernel's copy without its bounds ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/UnboundedCopies.h"

#include "CudaAST/FunctionStackVisitor.h"
#include "CudaAST/LineDirectives.h"
#include "CudaAST/SystemHeaders.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/InsertedLines.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace cdp {
namespace {

/// How the translation unit uses each of a set of kernels: the launches
/// from host code, and whether anything but a launch names it.
class KernelUses : public FunctionStackVisitor<KernelUses> {
public:
  KernelUses(const llvm::SetVector<const FunctionDecl *> &Kernels,
             const SourceManager &SM)
      : SM(SM) {
    for (const FunctionDecl *Kernel : Kernels)
      Uses[Kernel->getCanonicalDecl()];
  }

  bool TraverseDecl(Decl *D) {
    if (isInSystemHeader(D, SM))
      return true;
    return FunctionStackVisitor::TraverseDecl(D);
  }

  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *Launch) {
    const auto *Callee =
        dyn_cast<DeclRefExpr>(Launch->getCallee()->IgnoreParenImpCasts());
    if (!Callee)
      return true;
    const auto *Kernel = dyn_cast<FunctionDecl>(Callee->getDecl());
    auto It = Kernel ? Uses.find(Kernel->getCanonicalDecl()) : Uses.end();
    if (It == Uses.end())
      return true;
    LaunchCallees.insert(Callee);
    if (currentSide() == LaunchSide::Host)
      It->second.HostLaunches.push_back(Callee);
    return true;
  }

  /// Visited after the launch whose callee it may be (pre-order).
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    const auto *Function = dyn_cast<FunctionDecl>(Ref->getDecl());
    if (!Function)
      return true;
    auto It = Uses.find(Function->getCanonicalDecl());
    if (It != Uses.end() && !LaunchCallees.contains(Ref))
      It->second.NamedOtherwise = true;
    return true;
  }

  struct Use {
    /// The callee of each launch from host code (not a __device__ or
    /// __host__ __device__ function's).
    llvm::SmallVector<const DeclRefExpr *, 2> HostLaunches;
    bool NamedOtherwise = false;
  };
  llvm::DenseMap<const FunctionDecl *, Use> Uses;

private:
  const SourceManager &SM;
  llvm::DenseSet<const DeclRefExpr *> LaunchCallees;
};

/// Whether \p Kernel's body declares a static local variable, one that
/// outlives the launch (not `__shared__`, which each kernel has its own).
bool hasStaticLocal(const FunctionDecl &Kernel) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitVarDecl(VarDecl *Var) {
      Found =
          Found || (Var->isStaticLocal() && !Var->hasAttr<CUDASharedAttr>());
      return !Found;
    }
  } Find;
  Find.TraverseStmt(Kernel.getBody());
  return Find.Found;
}

/// Whether \p Kernel is a plain kernel, defined where it is declared,
/// whose copy can stand beside it under \p CopyName.
bool mayCopy(const FunctionDecl &Kernel, StringRef CopyName,
             ASTContext &Context) {
  if (Kernel.getTemplatedKind() != FunctionDecl::TK_NonTemplate ||
      isa<CXXMethodDecl>(Kernel) || Kernel.getQualifierLoc() ||
      !Kernel.getLocation().isFileID() || hasStaticLocal(Kernel))
    return false;
  return Kernel.getDeclContext()->lookup(&Context.Idents.get(CopyName)).empty();
}

/// Whether \p Kernel's definition, from its first token to its body, is
/// written in one file, which the copy can be made from.
bool writtenInOneFile(const FunctionDecl &Kernel, const SourceManager &SM) {
  const SourceLocation Begin = SM.getExpansionLoc(Kernel.getOuterLocStart());
  const SourceLocation Body = Kernel.getBody()->getEndLoc();
  return Begin.isValid() && Body.isFileID() &&
         SM.getFileID(Begin) == SM.getFileID(Body) &&
         SM.getFileID(Kernel.getLocation()) == SM.getFileID(Body);
}

/// The copy of \p Kernel (writtenInOneFile), named \p CopyName, as
/// lowered; nothing after reporting an edit that straddles its parts.
std::optional<std::string> copyText(const FunctionDecl &Kernel,
                                    StringRef CopyName, ASTContext &Context,
                                    const SourceEdits &Edits) {
  const SourceManager &SM = Context.getSourceManager();
  const auto *Body = cast<CompoundStmt>(Kernel.getBody());
  const SourceLocation Begin = SM.getExpansionLoc(Kernel.getOuterLocStart());
  const SourceLocation Name = Kernel.getLocation();
  const SourceLocation NameEnd =
      Lexer::getLocForEndOfToken(Name, 0, SM, Context.getLangOpts());
  DiagnosticsEngine &Diags = Context.getDiagnostics();
  // The bound inserted at the name belongs to the parameters' range, which
  // starts after it.
  std::optional<std::string> Before =
      Edits.textAfterEdits(CharSourceRange::getCharRange(Begin, Name), Diags);
  std::optional<std::string> Parameters = Edits.textAfterEdits(
      CharSourceRange::getCharRange(NameEnd, Body->getLBracLoc()), Diags);
  std::optional<std::string> BodyText = bodyAfterEdits(Kernel, Context, Edits);
  if (!Before || !Parameters || !BodyText)
    return std::nullopt;
  const std::string Original = Kernel.getNameAsString();
  return "\n\n/// '" + Original +
         "' without the launch bounds cdp-lower gave it: its host\n"
         "/// launches take this one where its registers let it run blocks "
         "as large\n/// as '" +
         Original + "' can (cdp::unboundedIfLaunchable).\n" + *Before +
         CopyName.str() + StringRef(*Parameters).rtrim().str() + "\n" +
         lineDirectiveAt(SM, Body->getLBracLoc()) + *BodyText;
}

/// Makes the host launch of \p Callee choose between the kernel and its
/// copy \p CopyName; false where its text is not in a written file.
bool chooseAtLaunch(const DeclRefExpr &Callee, StringRef CopyName,
                    ASTContext &Context,
                    llvm::function_ref<bool(FileID)> Edited,
                    llvm::function_ref<SourceEdits &(FileID)> EditsOf) {
  const SourceManager &SM = Context.getSourceManager();
  const CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Callee.getSourceRange()), SM,
      Context.getLangOpts());
  if (Range.isInvalid() || !Callee.getLocation().isFileID() ||
      !Edited(SM.getFileID(Range.getBegin())))
    return false;
  const std::string Text = writtenText(Range, SM, Context.getLangOpts());
  const unsigned NameAt = SM.getFileOffset(Callee.getLocation()) -
                          SM.getFileOffset(Range.getBegin());
  const StringRef Name = Callee.getDecl()->getName();
  if (StringRef(Text).substr(NameAt, Name.size()) != Name)
    return false;
  // `ns::k` names its copy `ns::k_unbounded`.
  const std::string Copy = Text.substr(0, NameAt) + CopyName.str() +
                           Text.substr(NameAt + Name.size());
  EditsOf(SM.getFileID(Range.getBegin()))
      .replace(Range,
               "cdp::unboundedIfLaunchable<" + Text + ", " + Copy + ">()");
  return true;
}

} // namespace

bool writeUnboundedCopies(const llvm::SetVector<const FunctionDecl *> &Bounded,
                          ASTContext &Context,
                          llvm::function_ref<bool(FileID)> Edited,
                          llvm::function_ref<SourceEdits &(FileID)> EditsOf) {
  if (Bounded.empty())
    return true;
  const SourceManager &SM = Context.getSourceManager();
  KernelUses Uses(Bounded, SM);
  Uses.TraverseDecl(Context.getTranslationUnitDecl());
  for (const FunctionDecl *Kernel : Bounded) {
    const KernelUses::Use &Use = Uses.Uses[Kernel->getCanonicalDecl()];
    const FunctionDecl *Definition = Kernel->getDefinition();
    const std::string CopyName = Kernel->getNameAsString() + "_unbounded";
    if (Use.NamedOtherwise || Use.HostLaunches.empty() || !Definition ||
        !mayCopy(*Definition, CopyName, Context) ||
        !writtenInOneFile(*Definition, SM))
      continue;
    const SourceLocation End =
        cast<CompoundStmt>(Definition->getBody())->getRBracLoc();
    // Only launches after the copy can name it.
    llvm::SmallVector<const DeclRefExpr *, 2> After;
    for (const DeclRefExpr *Callee : Use.HostLaunches)
      if (SM.isBeforeInTranslationUnit(End, Callee->getBeginLoc()))
        After.push_back(Callee);
    if (After.empty())
      continue;
    SourceEdits &Edits = EditsOf(SM.getFileID(End));
    std::optional<std::string> Text =
        copyText(*Definition, CopyName, Context, Edits);
    if (!Text)
      return false;
    bool Chosen = false;
    for (const DeclRefExpr *Callee : After)
      Chosen |= chooseAtLaunch(*Callee, CopyName, Context, Edited, EditsOf);
    if (Chosen)
      insertLinesAfter(SM, Edits, End, *Text, /*Verbatim=*/true);
  }
  return true;
}

} // namespace cdp
