//===- ExplicitForm.cpp - A launch as the device runtime's calls ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/ExplicitForm.h"

#include "CudaAST/LineDirectives.h"
#include "CudaAST/WrittenText.h"
#include "Lowering/KernelSignature.h"
#include "Lowering/LaunchSite.h"
#include "ParamLayout/ParamLayout.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cdp {

/// Whether `&x`, for an `x` of \p Type (a reference's: the object's), may
/// call a user's `operator&` rather than take the address: a member of the
/// class or a base, or a function of the class's namespace or the global
/// one (where argument-dependent lookup finds the usual ones).
static bool overloadsAddressOf(QualType Type) {
  const CXXRecordDecl *Record =
      Type.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record || !Record->hasDefinition())
    return false;
  ASTContext &Context = Record->getASTContext();
  DeclarationName AddressOf =
      Context.DeclarationNames.getCXXOperatorName(OO_Amp);
  auto DeclaresUnary = [&](const DeclContext *Scope, unsigned Params) {
    for (const NamedDecl *Found : Scope->lookup(AddressOf)) {
      const auto *Function = Found->getAsFunction();
      if (!Function || Function->getMinRequiredArguments() <= Params)
        return true; // A template or one callable as unary.
    }
    return false;
  };
  bool Member = DeclaresUnary(Record, 0);
  if (!Member)
    Record->forallBases([&](const CXXRecordDecl *Base) {
      Member = Member || DeclaresUnary(Base, 0);
      return !Member;
    });
  return Member || DeclaresUnary(Record->getEnclosingNamespaceContext(), 1) ||
         DeclaresUnary(Context.getTranslationUnitDecl(), 1);
}

std::optional<ExplicitRewrite> explicitRewrite(const LaunchSite &Site,
                                               const LaunchTokens &Tokens,
                                               const LoweringPlan &Plan) {
  const SourceManager &SM = Site.SM;
  ExplicitRewrite Rewrite;
  ExplicitLaunchInput &Input = Rewrite.Input;
  if (Tokens.WholeList)
    return std::nullopt;
  std::optional<llvm::SmallVector<QualType, 8>> Types =
      staticParameterTypes(Site);
  if (!Types)
    return std::nullopt;
  llvm::Expected<KernelParamLayout> Layout =
      computeParamLayout(*Types, Site.Context);
  if (!Layout) {
    llvm::consumeError(Layout.takeError());
    return std::nullopt;
  }
  if (Layout->NeedsNvccLayout)
    return std::nullopt;

  for (QualType Type : *Types) {
    // The parameter as the buffer holds it: a `const int n` or a
    // `const __grid_constant__ Params p` is stored through an `int *` or a
    // `Params *` (assigning through a `const int *` does not compile).
    Type = Type.getUnqualifiedType();
    std::optional<std::string> Spelled = spellType(Type, Site.Context);
    // `void (*)(int)` and arrays name a variable inside the type.
    if (!Spelled || StringRef(*Spelled).contains_insensitive("(") ||
        StringRef(*Spelled).contains("["))
      return std::nullopt;
    Input.ParamTypes.push_back(*Spelled);
    const CXXRecordDecl *Record = Type->getAsCXXRecordDecl();
    using Store = ExplicitLaunchInput::Store;
    Input.Stores.push_back(Type->isReferenceType() ? Store::Address
                           : Record && !Record->hasTrivialCopyAssignment()
                               ? Store::Bytes
                               : Store::Assign);
    Input.OverloadsAddressOf.push_back(overloadsAddressOf(Type));
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
  const CallExpr *Config = Site.Launch.getConfig();
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
        SM.getFileLoc(Written->getEndLoc()), 0, SM, Site.LangOpts);
    if (isa<CXXDefaultArgExpr>(Operand) || Begin.isInvalid() ||
        End.isInvalid() || SM.getFileID(Begin) != Site.File ||
        Site.distance(Tokens.TripleLess, Begin) < 3)
      break;
    WrittenEnds.push_back(End);
  }
  Input.WrittenConfig = WrittenEnds.size();
  if (Input.WrittenConfig < 2)
    return std::nullopt;
  for (unsigned I = 0; I + 1 < Input.WrittenConfig; ++I) {
    const SourceLocation End = WrittenEnds[I];
    Token Comma = Site.rawTokenAt(End);
    if (Comma.isNot(tok::comma))
      return std::nullopt;
    Rewrite.ConfigCommas.push_back(Comma.getLocation());
  }
  Input.WrittenArgs = Site.WrittenArgs.size();
  Input.DefaultArgTexts.assign(Plan.DefaultArgTexts.begin(),
                               Plan.DefaultArgTexts.end());
  Input.Indent = Site.indentationOf(Tokens.CalleeBegin);
  return Rewrite;
}

void applyExplicitForm(const LaunchSite &Site, const LaunchTokens &Tokens,
                       const ExplicitRewrite &Rewrite, SourceEdits &Edits) {
  const auto &ConfigCommas = Rewrite.ConfigCommas;
  ExplicitLaunchText Text = spellExplicitLaunch(Rewrite.Input);
  assert(Text.ArgCommas.size() == Tokens.Commas.size() &&
         Text.ConfigCommas.size() == ConfigCommas.size() &&
         "a piece of text for each comma the launch writes");
  Edits.insert(Tokens.CalleeBegin, Text.BeforeCallee);
  Edits.replace(Tokens.Spaced.LessBegin, Tokens.Spaced.LessLength,
                Text.TripleLess);
  for (size_t I = 0; I < ConfigCommas.size(); ++I)
    Edits.replace(
        ConfigCommas[I],
        1 + Site.horizontalSpaceAfter(ConfigCommas[I].getLocWithOffset(1)),
        Text.ConfigCommas[I]);
  Edits.replace(Tokens.Spaced.GreaterBegin,
                Site.distance(Tokens.Spaced.GreaterBegin, Tokens.ArgsLParen) +
                    1,
                Text.TripleGreater);
  for (size_t I = 0; I < Tokens.Commas.size(); ++I)
    Edits.replace(
        Tokens.Commas[I],
        1 + Site.horizontalSpaceAfter(Tokens.Commas[I].getLocWithOffset(1)),
        Text.ArgCommas[I]);
  Edits.replace(Tokens.RParen, 1, Text.RParen);
}

void restoreLineNumbers(const LaunchSite &Site, const LaunchTokens &Tokens,
                        StringRef Indent, SourceEdits &Edits) {
  Token Semi = Site.rawTokenAt(Tokens.RParen.getLocWithOffset(1));
  if (Semi.isNot(tok::semi) || !Site.isStatement())
    return;
  Edits.insert(Semi.getLocation().getLocWithOffset(1),
               "\n" + lineDirectiveAfter(Site.SM, Semi.getLocation(), Indent));
}

} // namespace cdp
