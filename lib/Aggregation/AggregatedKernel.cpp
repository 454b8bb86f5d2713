//===- AggregatedKernel.cpp - Write the aggregated kernels ----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/AggregatedKernel.h"

#include "Aggregation/ChildGridUses.h"
#include "Aggregation/LaunchBounds.h"
#include "CudaAST/KernelFriends.h"
#include "CudaAST/KernelName.h"
#include "CudaAST/LineDirectives.h"
#include "CudaAST/RuntimeNames.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/InsertedLines.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace cdp {
namespace {

using ScopeEntry =
    std::pair<AggregationState::Scope, AggregationState::ScopeSpelling>;

class KernelWriter {
public:
  KernelWriter(ASTContext &Context,
               llvm::function_ref<SourceEdits &(FileID)> EditsOf)
      : Context(Context), SM(Context.getSourceManager()), EditsOf(EditsOf) {}

  /// `cdp::aggregated::BlockScope<child_aggregated>
  /// cdp_child_block_launches;` (or a GroupScope or GridScope) for each of
  /// \p Scopes, as the first lines of \p Kernel's body.
  void declareScopes(const FunctionDecl &Kernel,
                     llvm::ArrayRef<ScopeEntry> Scopes) {
    const auto *Body = cast<CompoundStmt>(Kernel.getBody());
    std::string Indent =
        Body->body_empty() ? "  " : indentOf(Body->body_front()->getBeginLoc());
    std::string Lines;
    for (const auto &[Scope, Spelling] : Scopes) {
      const std::string Copy =
          Spelling.Copy > 1 ? ", " + std::to_string(Spelling.Copy) : "";
      std::string By = "block",
                  Type = "BlockScope<" + Spelling.Kernel + Copy + ">";
      if (Scope.Granularity == AggregationGranularity::Grid) {
        By = "grid";
        Type = "GridScope<" + Spelling.Kernel + Copy + ">";
      } else if (Scope.Granularity == AggregationGranularity::Group) {
        By = "group of " + std::to_string(GroupBlocks) + " blocks";
        Type = "GroupScope<" + Spelling.Kernel + ", " +
               std::to_string(GroupBlocks) + Copy + ">";
      }
      Lines += (Lines.empty() ? "" : "\n") + Indent + "// The launches of " +
               Spelling.Named + " by this " + By +
               ", made as one when it ends.\n" + Indent +
               runtime::AggregatedNamespace.str() + Type + " " +
               Spelling.Variable + ";";
    }
    insertLinesAfter(Body->getLBracLoc(), Lines);
  }

  bool writeKernel(const FunctionDecl &Child, const AggregatedChild &Info,
                   bool HasScope) {
    const auto *Body = cast<CompoundStmt>(Child.getBody());
    FileID File = SM.getFileID(Body->getLBracLoc());
    std::optional<std::string> BodyText =
        bodyAfterEdits(Child, Context, EditsOf(File));
    if (!BodyText)
      return false;

    ChildGridUses Uses = findChildGridUses(Child);
    // A batch of one block shape: every thread of a block runs the body
    // (barriers), and the built-in blockDim is the launch's, for the
    // functions the body calls.
    const bool OneShape =
        Info.OneShape || Uses.Barriers || Uses.BlockDimReader || HasScope;
    // A launch before the original's body needs the copy declared before
    // the original.
    const bool DeclaredFirst =
        SM.isBeforeInTranslationUnit(Info.FirstLaunch, Body->getRBracLoc());
    // A template's copy is a template with the same parameters; declared
    // first, its definition leaves their defaults to the declaration.
    std::string TemplateHeader, DefinitionHeader;
    if (const FunctionTemplateDecl *Template =
            Child.getDescribedFunctionTemplate()) {
      const TemplateParameterList &Params = *Template->getTemplateParameters();
      TemplateHeader =
          writtenText(Params.getSourceRange(), SM, Context.getLangOpts()) +
          "\n";
      DefinitionHeader =
          DeclaredFirst ? headWithoutDefaults(Params) + "\n" : TemplateHeader;
    }
    PrintingPolicy Policy = Context.getPrintingPolicy();
    // The copy's parameter as \p Declaration of the child spells the
    // child's parameter types (a friend template spells them in its own
    // template parameters' names).
    auto BatchParameter = [&](const FunctionDecl &Declaration) {
      llvm::SmallVector<std::string, 8> Types;
      for (const ParmVarDecl *Param : Declaration.parameters())
        Types.push_back(Param->getType().getAsString(Policy));
      return runtime::AggregatedNamespace.str() +
             (OneShape ? "SyncedBatch<" : "Batch<") + llvm::join(Types, ", ") +
             "> cdp_batch";
    };
    const std::string Name = Child.getNameAsString();
    const std::string Signature =
        std::string(Child.getStorageClass() == SC_Static ? "static " : "") +
        "__global__ void " + copyLaunchBounds(Child, Context) + Name +
        "_aggregated(" + BatchParameter(Child) + ")";

    std::string Text = "\n\n/// '" + Name +
                       "' for aggregated launches (cdp-lower --aggregate): "
                       "each block\n/// runs one block of one launch, with "
                       "that launch's arguments and indices.\n" +
                       DefinitionHeader + Signature + " {\n";
    Text += "  const auto cdp_launch = cdp_batch.block();\n";
    if (!OneShape)
      Text += "  if (cdp_launch.Idle)\n    return;\n";
    static const char *const Shapes[][2] = {{"uint3 blockIdx", "BlockIdx"},
                                            {"dim3 gridDim", "GridDim"},
                                            {"dim3 blockDim", "BlockDim"}};
    for (unsigned I = 0; I < 3; ++I)
      if (Uses.ReadsShape[I])
        Text += std::string("  const ") + Shapes[I][0] + " = cdp_launch." +
                Shapes[I][1] + ";\n";
    for (const ParmVarDecl *Param : Child.parameters()) {
      if (!Param->getIdentifier())
        continue;
      std::string Declaration;
      llvm::raw_string_ostream OS(Declaration);
      Param->getType().print(OS, Policy, Param->getName());
      Text += "  " + Declaration + " = cdp_launch." +
              (TemplateHeader.empty() ? "" : "template ") + "arg<" +
              std::to_string(Param->getFunctionScopeIndex()) + ">();\n";
    }
    // The body's lines keep their numbers for nvcc's messages.
    Text += lineDirectiveAt(SM, Body->getLBracLoc()) +
            StringRef(*BodyText).drop_front(1).str();
    insertLinesAfter(Body->getRBracLoc(), Text, /*Verbatim=*/true);

    if (DeclaredFirst)
      declareBefore(*Child.getFirstDecl(), TemplateHeader + Signature + ";");
    // The copy runs the child's body, which may reach the private members
    // of the classes that befriend the child: they befriend the copy too.
    for (const FunctionDecl *Friend : friendDeclarationsOf(Child, SM))
      befriend(*Friend, Name + "_aggregated(" + BatchParameter(*Friend) + ")");
    return true;
  }

private:
  /// Declares `__global__ void <Declarator>` a friend after \p Friend, a
  /// friend declaration of the child, in its class.
  void befriend(const FunctionDecl &Friend, const std::string &Declarator) {
    const LangOptions &LangOpts = Context.getLangOpts();
    std::string Head;
    SourceLocation Begin = Friend.getOuterLocStart();
    if (const FunctionTemplateDecl *Template =
            Friend.getDescribedFunctionTemplate()) {
      Head = writtenText(Template->getTemplateParameters()->getSourceRange(),
                         SM, LangOpts) +
             " ";
      Begin = Template->getBeginLoc();
    }
    std::optional<Token> Semi = Lexer::findNextToken(
        SM.getExpansionLoc(Friend.getEndLoc()), SM, LangOpts);
    // A friend defined in its class ends with its body, not a `;`: nvcc
    // refuses such a kernel ("cannot be defined in a friend declaration"),
    // so no program it builds has one to befriend beside.
    if (!Semi || !Semi->is(tok::semi))
      return;
    insertLinesAfter(Semi->getLocation(), indentOf(Begin) + Head +
                                              "friend __global__ void " +
                                              Declarator + ";");
  }

  /// `template <class T, int Factor>` for `template <class T, int Factor =
  /// 2>`: a default may be given once, and the declaration gives it.
  std::string headWithoutDefaults(const TemplateParameterList &Params) const {
    const LangOptions &LangOpts = Context.getLangOpts();
    llvm::SmallVector<std::string, 4> Written;
    for (const NamedDecl *Param : Params) {
      SourceLocation Default;
      if (const auto *Type = dyn_cast<TemplateTypeParmDecl>(Param);
          Type && Type->hasDefaultArgument())
        Default = Type->getDefaultArgument().getSourceRange().getBegin();
      else if (const auto *Value = dyn_cast<NonTypeTemplateParmDecl>(Param);
               Value && Value->hasDefaultArgument())
        Default = Value->getDefaultArgument().getSourceRange().getBegin();
      else if (const auto *Template = dyn_cast<TemplateTemplateParmDecl>(Param);
               Template && Template->hasDefaultArgument())
        Default = Template->getDefaultArgument().getSourceRange().getBegin();
      if (Default.isInvalid()) {
        Written.push_back(writtenText(Param->getSourceRange(), SM, LangOpts));
        continue;
      }
      // The text up to the default, without its `=`.
      const std::string Text = writtenText(
          CharSourceRange::getCharRange(Param->getBeginLoc(), Default), SM,
          LangOpts);
      Written.push_back(
          StringRef(Text).rtrim().drop_back(/*`=`*/ 1).rtrim().str());
    }
    return "template <" + llvm::join(Written, ", ") + ">";
  }

  std::string indentOf(SourceLocation Loc) const {
    Loc = SM.getExpansionLoc(Loc);
    return lineIndentation(SM.getBufferData(SM.getFileID(Loc)),
                           SM.getFileOffset(Loc));
  }

  void insertLinesAfter(SourceLocation Loc, const std::string &Lines,
                        bool Verbatim = false) {
    cdp::insertLinesAfter(SM, EditsOf(SM.getFileID(Loc)), Loc, Lines, Verbatim);
  }

  void declareBefore(const FunctionDecl &D, const std::string &Declaration) {
    cdp::declareBefore(
        SM, EditsOf(SM.getFileID(SM.getExpansionLoc(D.getOuterLocStart()))), D,
        Declaration);
  }

  ASTContext &Context;
  const SourceManager &SM;
  llvm::function_ref<SourceEdits &(FileID)> EditsOf;
};

} // namespace

bool writeAggregatedKernels(const AggregationState &State, ASTContext &Context,
                            llvm::function_ref<SourceEdits &(FileID)> EditsOf) {
  KernelWriter Writer(Context, EditsOf);
  llvm::MapVector<const FunctionDecl *, llvm::SmallVector<ScopeEntry, 2>>
      ScopesOf;
  for (const auto &[Scope, Spelling] : State.Scopes)
    ScopesOf[Scope.Kernel].push_back({Scope, Spelling});
  for (const auto &[Kernel, Children] : ScopesOf)
    Writer.declareScopes(*Kernel, Children);
  for (const auto &[Child, Info] : State.Children)
    if (!Writer.writeKernel(*Child, Info, ScopesOf.contains(Child)))
      return false;
  return true;
}

} // namespace cdp
