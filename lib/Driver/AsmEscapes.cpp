//===- AsmEscapes.cpp - nvcc's `%globaltimer` in inline assembly ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/AsmEscapes.h"
#include "Driver/RawTokens.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace clang;

namespace cdp {
namespace {

bool isAsmKeyword(const RawToken &T) {
  return T.Kind == tok::raw_identifier &&
         (T.Text == "asm" || T.Text == "__asm" || T.Text == "__asm__");
}

bool isAsmQualifier(const RawToken &T) {
  return T.Kind == tok::raw_identifier &&
         llvm::StringSwitch<bool>(T.Text)
             .Cases({"volatile", "__volatile", "__volatile__", "inline",
                     "__inline", "__inline__", "goto"},
                    true)
             .Default(false);
}

/// Respells, in \p Literal (a string literal token's text), each `%` that
/// clang would refuse in a template with operands: a `%` and a letter not
/// followed by an operand's number or name. True when it changed.
bool respellLiteral(std::string &Literal) {
  bool Changed = false;
  for (size_t I = 0; I + 1 < Literal.size(); ++I) {
    if (Literal[I] == '\\') { // An escape sequence: its next char too.
      ++I;
      continue;
    }
    if (Literal[I] != '%')
      continue;
    char Next = Literal[I + 1];
    if (llvm::isAlpha(Next)) {
      char After = I + 2 < Literal.size() ? Literal[I + 2] : '\0';
      if (!llvm::isDigit(After) && After != '[') {
        // `%globaltimer` reads `%=lobaltimer`: `%=` is an escape clang
        // accepts, and the template is never compiled from this copy.
        Literal[I + 1] = '=';
        Changed = true;
      }
    }
    ++I; // `%%`, `%=`, `%0`, `%[name]`, `%h0`: the escape's next char.
  }
  return Changed;
}

/// Whether some `%` in \p Text is followed by a letter and then by neither
/// a digit nor `[`: a cheap test that every literal respellLiteral would
/// change passes. Most headers' assembly names only operands (`%0`, `%h1`,
/// `%[name]`) and raw-lexing them all cost the parse of a thrust source a
/// tenth of a second.
bool mayHaveBareEscape(llvm::StringRef Text) {
  for (size_t I = Text.find('%'); I != llvm::StringRef::npos;
       I = Text.find('%', I + 1)) {
    char Next = I + 1 < Text.size() ? Text[I + 1] : '\0';
    char After = I + 2 < Text.size() ? Text[I + 2] : '\0';
    if (llvm::isAlpha(Next) && !llvm::isDigit(After) && After != '[')
      return true;
  }
  return false;
}

} // namespace

std::optional<RespelledAsm> respellAsmEscapes(llvm::StringRef Text) {
  // Cheap tests first: most files have no inline assembly, and most
  // assembly names no special register.
  if (!Text.contains("asm") || !mayHaveBareEscape(Text))
    return std::nullopt;
  std::vector<RawToken> Tokens = rawTokens(Text);
  RespelledAsm Respelled;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    if (!isAsmKeyword(Tokens[I]))
      continue;
    size_t J = I + 1;
    while (J < Tokens.size() && isAsmQualifier(Tokens[J]))
      ++J;
    if (J >= Tokens.size() || Tokens[J].Kind != tok::l_paren)
      continue;
    size_t FirstLiteral = ++J;
    while (J < Tokens.size() && Tokens[J].Kind == tok::string_literal)
      ++J;
    // Only a template with operands has escapes: `asm("...")` alone is
    // passed on as it is, `%` included.
    if (J == FirstLiteral || J >= Tokens.size() ||
        (Tokens[J].Kind != tok::colon && Tokens[J].Kind != tok::coloncolon))
      continue;
    for (size_t L = FirstLiteral; L < J; ++L) {
      std::string Literal = Tokens[L].Text.str();
      if (respellLiteral(Literal))
        Respelled.Literals.push_back(
            {Tokens[L].Offset, Tokens[L].Text.str(), std::move(Literal)});
    }
    I = J;
  }
  if (Respelled.Literals.empty())
    return std::nullopt;
  Respelled.Text = Text.str();
  for (const RespelledAsm::Literal &L : Respelled.Literals)
    Respelled.Text.replace(L.Offset, L.Parsed.size(), L.Parsed);
  return Respelled;
}

namespace {

void replaceAll(std::string &Text, llvm::StringRef From, llvm::StringRef To) {
  for (size_t At = Text.find(From); At != std::string::npos;
       At = Text.find(From, At + To.size()))
    Text.replace(At, From.size(), To.str());
}

} // namespace

void restoreAsmEscapes(std::vector<TextEdit> &Edits,
                       const RespelledAsm &Respelled) {
  for (TextEdit &Edit : Edits)
    for (const RespelledAsm::Literal &L : Respelled.Literals)
      replaceAll(Edit.Text, L.Parsed, L.Written);
}

void restoreAsmEscapes(std::string &Text, const RespelledAsm &Respelled) {
  for (const RespelledAsm::Literal &L : Respelled.Literals)
    if (llvm::StringRef(Text).substr(L.Offset, L.Parsed.size()) == L.Parsed)
      Text.replace(L.Offset, L.Parsed.size(), L.Written);
}

} // namespace cdp
