//===- RuntimeForm.cpp - A launch as a call of the runtime ----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/RuntimeForm.h"

#include "CudaAST/RuntimeNames.h"
#include "Lowering/KernelAlias.h"
#include "Lowering/LaunchSite.h"

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace cdp {

void applyRuntimeForm(const LaunchSite &Site, const LaunchTokens &Tokens,
                      const LoweringPlan &Plan, SourceEdits &Edits) {
  size_t Written = Site.WrittenArgs.size();
  if (Plan.Callee.empty())
    Edits.insert(Tokens.CalleeBegin, Plan.Prefix);
  else
    Edits.replace(Tokens.CalleeBegin,
                  Site.distance(Tokens.CalleeBegin, Tokens.CalleeEnd),
                  Plan.Prefix + Plan.Callee);
  Edits.replace(Tokens.TripleLess, 3, ", {");

  if (Tokens.WholeList) {
    Edits.replace(Tokens.TripleGreater,
                  Site.distance(Tokens.TripleGreater, Tokens.ArgsLParen) + 1,
                  "}).args(");
    std::string Tail = ")";
    for (const std::string &Default : Plan.DefaultArgTexts)
      Tail += ".arg(" + Default + ")";
    Edits.replace(Tokens.RParen, 1, Tail + ".launch()");
    return;
  }
  std::string AfterConfig = "})";
  if (Written > 0)
    AfterConfig += Plan.ArgOpeners[0];
  Edits.replace(Tokens.TripleGreater,
                Site.distance(Tokens.TripleGreater, Tokens.ArgsLParen) + 1,
                AfterConfig);

  for (size_t I = 0; I < Tokens.Commas.size(); ++I) {
    SourceLocation Comma = Tokens.Commas[I];
    SourceLocation AfterComma = Comma.getLocWithOffset(1);
    SourceLocation NextArg = Site.rawTokenAt(AfterComma).getLocation();
    unsigned Space = Site.horizontalSpaceAfter(AfterComma);
    if (Site.distance(AfterComma, NextArg) == Space) {
      // `a, b`: `a).arg<8>(b`.
      Edits.replace(Comma, 1 + Space, ")" + Plan.ArgOpeners[I + 1]);
      continue;
    }
    // A comment or a line break after the comma stays where it is, after
    // the argument it follows: `a) // why\n    .arg<8>(b`.
    Edits.replace(Comma, 1, ")");
    Edits.insert(NextArg, Plan.ArgOpeners[I + 1]);
  }

  std::string Tail = Written > 0 ? ")" : "";
  for (size_t I = 0; I < Plan.DefaultArgTexts.size(); ++I)
    Tail += Plan.ArgOpeners[Written + I] + Plan.DefaultArgTexts[I] + ")";
  Tail += ".launch()";
  Edits.replace(Tokens.RParen, 1, Tail);
}

std::optional<std::string> aliasPrefix(const LaunchSite &Site,
                                       const FunctionDecl &Kernel,
                                       const KernelPlan &Plan,
                                       const LaunchLoweringOptions &Options,
                                       LaunchLoweringState &State) {
  if (!Plan.Long || Options.RuntimeChecks)
    return std::nullopt;
  auto Known = State.Aliases.find({&Kernel, Site.File});
  if (Known != State.Aliases.end())
    return Known->second + "(";
  std::optional<SourceLocation> Place =
      aliasPlace(Site.Enclosing, Site.File, Site.SM);
  if (!Place)
    return std::nullopt;
  std::string Name = newAliasName(Kernel, Site.Context, State.AliasNames);
  State.Aliases[{&Kernel, Site.File}] = Name;
  State.AliasDeclarations[*Place].push_back("using " + Name + " = " +
                                            Plan.Type + ";\n");
  return Name + "(";
}

bool mayPassPointers(const LaunchSite &Site) {
  const FunctionDecl *Kernel = Site.Launch.getDirectCallee();
  if (!Kernel || Site.Launch.isTypeDependent())
    return true;
  return llvm::any_of(Kernel->parameters(), [](const ParmVarDecl *Param) {
    QualType Type = Param->getType();
    return Type->isDependentType() ||
           (Type->isPointerType() && !Type->isFunctionPointerType());
  });
}

void checkPointers(const LaunchSite &Site, LoweringPlan &Plan,
                   SourceLocation Loc, StringRef Kernel) {
  StringRef File = llvm::sys::path::filename(Site.SM.getFilename(Loc));
  std::string SiteMacro;
  llvm::raw_string_ostream OS(SiteMacro);
  OS << runtime::LaunchSiteMacro << "(\"";
  OS.write_escaped(File);
  OS << "\", " << Site.SM.getPresumedLineNumber(Loc) << ", \"";
  OS.write_escaped(Kernel);
  OS << "\"), ";
  StringRef Unchecked = runtime::DeviceLaunch;
  assert(StringRef(Plan.Prefix).starts_with(Unchecked) &&
         "a checked launch starts as an unchecked one");
  Plan.Prefix = runtime::CheckedDeviceLaunch.str() +
                Plan.Prefix.substr(Unchecked.size()) + SiteMacro;
}

} // namespace cdp
