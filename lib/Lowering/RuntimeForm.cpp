//===- RuntimeForm.cpp - A launch as a call of the runtime ----------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Lowering/RuntimeForm.h"

#include "CudaAST/LineDirectives.h"
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

namespace {

/// One edit of the runtime form: its text, and the calls of the chain that
/// it writes (`.arg<8>(`, `.launch()`), before each of which a broken
/// launch starts a line.
struct FormEdit {
  SourceLocation At;
  unsigned Length;
  std::string Before;
  llvm::SmallVector<std::string, 2> Calls;

  std::string text(llvm::StringRef LineBreak) const {
    std::string Text = Before;
    for (const std::string &Call : Calls)
      Text += LineBreak.str() + Call;
    return Text;
  }
};

} // namespace

/// The edits of the runtime form, in source order.
static llvm::SmallVector<FormEdit, 8> formEdits(const LaunchSite &Site,
                                                const LaunchTokens &Tokens,
                                                const LoweringPlan &Plan) {
  llvm::SmallVector<FormEdit, 8> Form;
  size_t Written = Site.WrittenArgs.size();
  const unsigned WrittenCallee =
      Site.distance(Tokens.CalleeBegin, Tokens.CalleeEnd);
  unsigned CalleeLength = Plan.Callee.empty() ? 0 : WrittenCallee;
  // With the kernel last, `k<<<1, 32>>>(p)` reads
  // `cdp::deducedLaunch({1, 32}).arg<int *>(p).launch(k)`.
  std::string LastCallee;
  if (Plan.KernelLast) {
    LastCallee = Plan.Callee.empty()
                     ? StringRef(Site.SM.getCharacterData(Tokens.CalleeBegin),
                                 WrittenCallee)
                           .str()
                     : Plan.Callee;
    CalleeLength = WrittenCallee;
  }
  Form.push_back({Tokens.CalleeBegin,
                  CalleeLength,
                  Plan.KernelLast ? Plan.Prefix : Plan.Prefix + Plan.Callee,
                  {}});
  // `k <<< 1, 32 >>>(p)` reads `k, {1, 32})`: the spaces around the
  // chevrons go with them (a spaced `<< <` too, joined as `<<< `).
  Form.push_back({Tokens.Spaced.LessBegin,
                  Tokens.Spaced.LessLength,
                  Plan.KernelLast ? "{" : ", {",
                  {}});
  SourceLocation ConfigEnd = Tokens.Spaced.GreaterBegin;
  unsigned ToArgs = Site.distance(ConfigEnd, Tokens.ArgsLParen) + 1;

  if (Tokens.WholeList) {
    Form.push_back({ConfigEnd, ToArgs, "})", {".args("}});
    FormEdit Tail{Tokens.RParen, 1, ")", {}};
    for (const std::string &Default : Plan.DefaultArgTexts)
      Tail.Calls.push_back(".arg(" + Default + ")");
    Tail.Calls.push_back(".launch(" + LastCallee + ")");
    Form.push_back(std::move(Tail));
    return Form;
  }
  Form.push_back({ConfigEnd, ToArgs, "})", {}});
  if (Written > 0) {
    // `>>>(a`: `}).arg<0>(a`. After a line break (or a comment), `>>>(\n  a`,
    // the opener goes before the argument, as after a comma below.
    SourceLocation AfterParen = Tokens.ArgsLParen.getLocWithOffset(1);
    SourceLocation FirstArg = Site.rawTokenAt(AfterParen).getLocation();
    if (Site.distance(AfterParen, FirstArg) ==
        Site.horizontalSpaceAfter(AfterParen))
      Form.back().Calls.push_back(Plan.ArgOpeners[0]);
    else
      Form.push_back({FirstArg, 0, "", {Plan.ArgOpeners[0]}});
  }

  for (size_t I = 0; I < Tokens.Commas.size(); ++I) {
    SourceLocation Comma = Tokens.Commas[I];
    SourceLocation AfterComma = Comma.getLocWithOffset(1);
    SourceLocation NextArg = Site.rawTokenAt(AfterComma).getLocation();
    unsigned Space = Site.horizontalSpaceAfter(AfterComma);
    if (Site.distance(AfterComma, NextArg) == Space) {
      // `a, b`: `a).arg<8>(b`.
      Form.push_back({Comma, 1 + Space, ")", {Plan.ArgOpeners[I + 1]}});
      continue;
    }
    // A comment or a line break after the comma stays where it is, after
    // the argument it follows: `a) // why\n    .arg<8>(b`.
    Form.push_back({Comma, 1, ")", {}});
    Form.push_back({NextArg, 0, "", {Plan.ArgOpeners[I + 1]}});
  }

  assert(Plan.ArgOpeners.size() >= Written + Plan.DefaultArgTexts.size() &&
         "an opener for each written and each default argument");
  FormEdit Tail{Tokens.RParen, 1, Written > 0 ? ")" : "", {}};
  for (size_t I = 0; I < Plan.DefaultArgTexts.size(); ++I)
    Tail.Calls.push_back(Plan.ArgOpeners[Written + I] +
                         Plan.DefaultArgTexts[I] + ")");
  Tail.Calls.push_back(".launch(" + LastCallee + ")");
  Form.push_back(std::move(Tail));
  return Form;
}

/// Where a lowered launch that would not fit in 80 columns is broken as
/// clang-format breaks a call chain (before each call, indented by four
/// more): a launch statement of its own, alone on its line. Returns the
/// semicolon that ends it, after which `#line` numbers the following lines
/// as in the input.
static std::optional<Token> brokenLaunchEnd(const LaunchSite &Site,
                                            const LaunchTokens &Tokens,
                                            llvm::ArrayRef<FormEdit> Form) {
  const SourceManager &SM = Site.SM;
  if (SM.getSpellingLineNumber(Tokens.CalleeBegin) !=
      SM.getSpellingLineNumber(Tokens.RParen))
    return std::nullopt;
  Token Semi = Site.rawTokenAt(Tokens.RParen.getLocWithOffset(1));
  if (Semi.isNot(tok::semi) || !Site.isStatement())
    return std::nullopt;
  StringRef Buffer = SM.getBufferData(Site.File);
  unsigned Begin = SM.getFileOffset(Tokens.CalleeBegin);
  unsigned LineStart = Buffer.rfind('\n', Begin) + 1; // npos + 1 is 0.
  if (Buffer.slice(LineStart, Begin).find_first_not_of(" \t") !=
      StringRef::npos)
    return std::nullopt;
  size_t LineEnd = Buffer.find('\n', Begin);
  size_t Columns = Buffer.slice(LineStart, LineEnd).rtrim("\r").size();
  for (const FormEdit &Edit : Form)
    Columns += Edit.text("").size() - Edit.Length;
  if (Columns <= 80)
    return std::nullopt;
  return Semi;
}

void applyRuntimeForm(const LaunchSite &Site, const LaunchTokens &Tokens,
                      const LoweringPlan &Plan, bool InHostDevice,
                      SourceEdits &Edits) {
  llvm::SmallVector<FormEdit, 8> Form = formEdits(Site, Tokens, Plan);
  std::optional<Token> End = brokenLaunchEnd(Site, Tokens, Form);
  std::string Indent = Site.indentationOf(Tokens.CalleeBegin);
  std::string LineBreak = End ? "\n" + Indent + "    " : "";
  for (const FormEdit &Edit : Form) {
    if (Edit.Length == 0)
      Edits.insert(Edit.At, Edit.text(LineBreak));
    else
      Edits.replace(Edit.At, Edit.Length, Edit.text(LineBreak));
  }
  // In a __host__ __device__ function the `#line` after the branches'
  // `#endif` (HostDeviceLaunch.h) numbers the lines after them.
  if (End && !InHostDevice)
    Edits.insert(End->getLocation().getLocWithOffset(1),
                 "\n" +
                     lineDirectiveAfter(Site.SM, End->getLocation(), Indent));
}

std::optional<std::string> aliasPrefix(const LaunchSite &Site,
                                       const FunctionDecl &Kernel,
                                       const KernelPlan &Plan,
                                       const LaunchLoweringOptions &Options,
                                       LaunchLoweringState &State) {
  if (!Plan.Long || Options.RuntimeChecks)
    return std::nullopt;
  auto Key = std::make_tuple(Kernel.getCanonicalDecl(), Site.File,
                             aliasScope(Site.Enclosing));
  auto Known = State.Aliases.find(Key);
  if (Known != State.Aliases.end())
    return Known->second + "(";
  std::optional<SourceLocation> Place =
      aliasPlace(Site.Enclosing, Site.File, Site.SM);
  if (!Place)
    return std::nullopt;
  std::string Name = newAliasName(Kernel, Site.Context, State.AliasNames);
  State.Aliases[Key] = Name;
  State.AliasDeclarations[*Place].push_back("using " + Name + " = " +
                                            Plan.Type + ";\n");
  return Name + "(";
}

std::string launchSiteMacro(const SourceManager &SM, SourceLocation Loc,
                            StringRef Kernel) {
  StringRef File = llvm::sys::path::filename(SM.getFilename(Loc));
  std::string SiteMacro;
  llvm::raw_string_ostream OS(SiteMacro);
  OS << runtime::LaunchSiteMacro << "(\"";
  OS.write_escaped(File);
  OS << "\", " << SM.getPresumedLineNumber(Loc) << ", \"";
  OS.write_escaped(Kernel);
  OS << "\")";
  return SiteMacro;
}

void checkLaunch(const LaunchSite &Site, LoweringPlan &Plan, SourceLocation Loc,
                 StringRef Kernel) {
  const std::string SiteMacro = launchSiteMacro(Site.SM, Loc, Kernel) + ", ";
  bool Made = StringRef(Plan.Prefix).starts_with(runtime::MakeDeviceLaunch);
  StringRef Unchecked =
      Made ? runtime::MakeDeviceLaunch : runtime::DeviceLaunch;
  StringRef Checked =
      Made ? runtime::MakeCheckedDeviceLaunch : runtime::CheckedDeviceLaunch;
  assert(StringRef(Plan.Prefix).starts_with(Unchecked) &&
         "a checked launch starts as an unchecked one");
  Plan.Prefix =
      Checked.str() + Plan.Prefix.substr(Unchecked.size()) + SiteMacro;
}

std::string deducedLaunchPrefix(const LangOptions &LangOpts) {
  return ((LangOpts.CPlusPlus17 ? runtime::DeviceLaunch
                                : runtime::MakeDeviceLaunch) +
          "(")
      .str();
}

} // namespace cdp
