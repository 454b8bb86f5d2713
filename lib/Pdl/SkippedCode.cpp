//===- SkippedCode.cpp - What the preprocessor left out -------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Pdl/SkippedCode.h"

#include "CudaAST/WrittenText.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace cdp {

class SkippedCode::Recorder : public PPCallbacks {
public:
  explicit Recorder(SkippedCode &Into) : Into(Into) {}

  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    const SourceManager &SM = *Into.SM;
    FileID File = SM.getFileID(Range.getBegin());
    if (File != SM.getFileID(Range.getEnd()))
      return;
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(File, &Invalid);
    if (Invalid)
      return;
    unsigned Begin = SM.getFileOffset(Range.getBegin());
    unsigned End = SM.getFileOffset(Range.getEnd());
    std::string Conditions;
    auto Chain = Into.ChainOfLine.find(lineOf(Range.getBegin()));
    if (Chain != Into.ChainOfLine.end())
      Conditions = Into.ChainConditions[Chain->second];
    Into.Regions.push_back({Range, Buffer.slice(Begin, End), Conditions});
  }

  void If(SourceLocation Loc, SourceRange Condition,
          ConditionValueKind) override {
    addToChain(Loc, Loc, Condition);
  }
  void Elif(SourceLocation Loc, SourceRange Condition, ConditionValueKind,
            SourceLocation IfLoc) override {
    addToChain(Loc, IfLoc, Condition);
  }
  void Else(SourceLocation Loc, SourceLocation IfLoc) override {
    addToChain(Loc, IfLoc, SourceRange());
  }
  void Ifdef(SourceLocation Loc, const Token &,
             const MacroDefinition &) override {
    addToChain(Loc, Loc, SourceRange());
  }
  void Ifndef(SourceLocation Loc, const Token &,
              const MacroDefinition &) override {
    addToChain(Loc, Loc, SourceRange());
  }

private:
  std::pair<FileID, unsigned> lineOf(SourceLocation Loc) const {
    const SourceManager &SM = *Into.SM;
    SourceLocation File = SM.getExpansionLoc(Loc);
    return {SM.getFileID(File), SM.getExpansionLineNumber(File)};
  }

  /// Records that the directive at \p Loc belongs to the chain of \p IfLoc
  /// and adds its \p Condition (if any) to the chain's.
  void addToChain(SourceLocation Loc, SourceLocation IfLoc,
                  SourceRange Condition) {
    Into.ChainOfLine[lineOf(Loc)] = IfLoc;
    if (Condition.isInvalid())
      return;
    Into.ChainConditions[IfLoc] +=
        " " + writtenText(CharSourceRange::getCharRange(Condition), *Into.SM,
                          *Into.LangOpts);
  }

  SkippedCode &Into;
};

void SkippedCode::recordFrom(Preprocessor &PP) {
  SM = &PP.getSourceManager();
  LangOpts = &PP.getLangOpts();
  PP.addPPCallbacks(std::make_unique<Recorder>(*this));
}

void SkippedCode::forEachRawToken(
    const Region &R,
    llvm::function_ref<void(const Token &, StringRef)> Visit) const {
  // Raw tokens, so that a mention in a comment does not count. The lexer
  // needs the whole (null-terminated) buffer.
  FileID File = SM->getFileID(R.Range.getBegin());
  StringRef Buffer = SM->getBufferData(File);
  unsigned RegionBegin = SM->getFileOffset(R.Range.getBegin());
  unsigned RegionEnd = RegionBegin + R.Text.size();
  Lexer Lex(SM->getLocForStartOfFile(File), *LangOpts, Buffer.begin(),
            Buffer.begin() + RegionBegin, Buffer.end());
  Token Tok;
  while (!Lex.LexFromRawLexer(Tok) &&
         SM->getFileOffset(Tok.getLocation()) < RegionEnd)
    Visit(Tok,
          Buffer.substr(SM->getFileOffset(Tok.getLocation()), Tok.getLength()));
}

std::vector<SkippedCode::Mention>
SkippedCode::mentionsBetween(SourceLocation Begin, SourceLocation End,
                             StringRef Word) const {
  std::vector<Mention> Found;
  if (!SM)
    return Found;
  FileID File = SM->getFileID(Begin);
  unsigned From = SM->getFileOffset(Begin), To = SM->getFileOffset(End);
  for (const Region &R : Regions) {
    SourceLocation At = R.Range.getBegin();
    if (SM->getFileID(At) != File || SM->getFileOffset(At) < From ||
        SM->getFileOffset(At) > To)
      continue;
    forEachRawToken(R, [&](const Token &Tok, StringRef Spelling) {
      if ((Tok.is(tok::raw_identifier) ||
           tok::isStringLiteral(Tok.getKind())) &&
          Spelling.contains(Word))
        Found.push_back({At, Tok.getLocation()});
    });
  }
  return Found;
}

/// Whether \p Conditions compare `__CUDA_ARCH__` with a version (not just
/// test whether it is defined, which splits host from device code).
static bool comparesArchitecture(StringRef Conditions) {
  static const llvm::Regex Comparison(
      "__CUDA_ARCH__[[:space:]]*[<>=!]|[<>=][[:space:]]*__CUDA_ARCH__");
  return Comparison.match(Conditions);
}

std::vector<SkippedCode::Mention>
SkippedCode::launchesForOtherArchitectures(FileID File) const {
  std::vector<Mention> Found;
  if (!SM)
    return Found;
  for (const Region &R : Regions) {
    SourceLocation At = R.Range.getBegin();
    if (SM->getFileID(At) != File || !comparesArchitecture(R.Conditions))
      continue;
    forEachRawToken(R, [&](const Token &Tok, StringRef) {
      if (Tok.is(tok::lesslessless))
        Found.push_back({At, Tok.getLocation()});
    });
  }
  return Found;
}

/// The logical lines of \p Text (backslash-newline continuations joined),
/// each with the offset of its first character.
static std::vector<std::pair<size_t, std::string>>
logicalLines(StringRef Text) {
  std::vector<std::pair<size_t, std::string>> Lines;
  std::string Current;
  size_t Start = 0, LogicalStart = 0;
  for (size_t I = 0; I <= Text.size(); ++I) {
    if (I < Text.size() && Text[I] != '\n')
      continue;
    StringRef Line = Text.slice(Start, I).rtrim('\r');
    if (Line.ends_with("\\")) {
      Current += Line.drop_back().str() + " ";
    } else {
      Lines.push_back({LogicalStart, Current + Line.str()});
      Current.clear();
      LogicalStart = I + 1;
    }
    Start = I + 1;
  }
  return Lines;
}

SourceLocation SkippedCode::skippedDefinitionMentioning(StringRef Macro,
                                                        StringRef Word) const {
  for (const Region &R : Regions) {
    if (!R.Text.contains(Macro) || !R.Text.contains(Word))
      continue;
    for (const auto &[Offset, Line] : logicalLines(R.Text)) {
      StringRef Rest = StringRef(Line).ltrim();
      if (!Rest.consume_front("#"))
        continue;
      Rest = Rest.ltrim();
      if (!Rest.consume_front("define"))
        continue;
      Rest = Rest.ltrim();
      // The name must end here: `NAME(` or `NAME body`.
      if (!Rest.consume_front(Macro) || Rest.empty() ||
          !(Rest.front() == '(' ||
            isspace(static_cast<unsigned char>(Rest.front()))))
        continue;
      if (Rest.contains(Word))
        return R.Range.getBegin().getLocWithOffset(Offset);
    }
  }
  return {};
}

} // namespace cdp
