//===- SarifExport.cpp - --export-sarif: the run as one SARIF log ---------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Driver/SarifExport.h"

#include "Driver/CheckDocs.h"

#include "Checks/CheckRegistry.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace cdp {

/// The `file://` URI of the absolute path \p Path.
static std::string fileUri(llvm::StringRef Path) {
  std::string Uri = "file://";
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~").contains(C)) {
      Uri += C;
      continue;
    }
    static const char Hex[] = "0123456789ABCDEF";
    Uri += '%';
    Uri += Hex[C >> 4];
    Uri += Hex[C & 15];
  }
  return Uri;
}

namespace {

/// Lines and columns of offsets in files read once. SARIF counts columns
/// in UTF-16 code units unless the run says otherwise.
class LineTable {
public:
  /// The region of \p Length bytes at \p Offset in \p Path; nothing when
  /// the file cannot be read or is shorter.
  std::optional<Object> region(llvm::StringRef Path, unsigned Offset,
                               unsigned Length = 0) {
    const std::string *Text = textOf(Path);
    if (!Text || Offset + Length > Text->size())
      return std::nullopt;
    auto [StartLine, StartColumn] = position(*Text, Offset);
    Object Region{{"startLine", StartLine}, {"startColumn", StartColumn}};
    if (Length) {
      auto [EndLine, EndColumn] = position(*Text, Offset + Length);
      Region["endLine"] = EndLine;
      Region["endColumn"] = EndColumn;
    }
    return Region;
  }

private:
  const std::string *textOf(llvm::StringRef Path) {
    auto [It, New] = Texts.try_emplace(Path);
    if (New) {
      if (auto Buffer = llvm::MemoryBuffer::getFile(Path))
        It->second = (*Buffer)->getBuffer().str();
    }
    return It->second ? &*It->second : nullptr;
  }

  static std::pair<unsigned, unsigned> position(llvm::StringRef Text,
                                                unsigned Offset) {
    llvm::StringRef Before = Text.take_front(Offset);
    unsigned Line = Before.count('\n') + 1;
    llvm::StringRef InLine = Before.substr(Before.rfind('\n') + 1);
    unsigned Column = 1;
    for (unsigned char C : InLine) {
      if ((C & 0xC0) == 0x80)
        continue;                  // A continuation byte.
      Column += C >= 0xF0 ? 2 : 1; // Beyond the BMP: a surrogate pair.
    }
    return {Line, Column};
  }

  llvm::StringMap<std::optional<std::string>> Texts;
};

} // namespace

static Object location(const clang::tooling::DiagnosticMessage &Message,
                       LineTable &Lines) {
  Object Physical{
      {"artifactLocation", Object{{"uri", fileUri(Message.FilePath)}}}};
  if (std::optional<Object> Region =
          Lines.region(Message.FilePath, Message.FileOffset))
    Physical["region"] = std::move(*Region);
  return Object{{"physicalLocation", std::move(Physical)}};
}

static Array fixes(const clang::tooling::DiagnosticMessage &Message,
                   LineTable &Lines) {
  Array Changes;
  for (const auto &[Path, Replacements] : Message.Fix) {
    Array Edits;
    for (const clang::tooling::Replacement &R : Replacements) {
      std::optional<Object> Deleted =
          Lines.region(Path.str(), R.getOffset(), R.getLength());
      if (!Deleted)
        return {}; // Half a fix is none.
      // An insertion is an empty region: its end is its start.
      if (!R.getLength()) {
        (*Deleted)["endLine"] = *(*Deleted)["startLine"].getAsInteger();
        (*Deleted)["endColumn"] = *(*Deleted)["startColumn"].getAsInteger();
      }
      Edits.push_back(Object{
          {"deletedRegion", std::move(*Deleted)},
          {"insertedContent", Object{{"text", R.getReplacementText().str()}}}});
    }
    Changes.push_back(
        Object{{"artifactLocation", Object{{"uri", fileUri(Path.str())}}},
               {"replacements", std::move(Edits)}});
  }
  if (Changes.empty())
    return {};
  return Array{Object{{"artifactChanges", std::move(Changes)}}};
}

static llvm::StringRef levelName(clang::tooling::Diagnostic::Level Level) {
  switch (Level) {
  case clang::tooling::Diagnostic::Error:
    return "error";
  case clang::tooling::Diagnostic::Warning:
    return "warning";
  case clang::tooling::Diagnostic::Remark:
    return "note";
  }
  return "warning";
}

std::vector<Value>
sarifResults(llvm::ArrayRef<clang::tooling::Diagnostic> Diagnostics) {
  LineTable Lines;
  std::vector<Value> Results;
  for (const clang::tooling::Diagnostic &D : Diagnostics) {
    Object Result{{"ruleId", D.DiagnosticName},
                  {"level", levelName(D.DiagLevel)},
                  {"message", Object{{"text", D.Message.Message}}},
                  {"locations", Array{location(D.Message, Lines)}}};
    Array Related;
    Array Fixes = fixes(D.Message, Lines);
    for (const clang::tooling::DiagnosticMessage &Note : D.Notes) {
      Object Where = location(Note, Lines);
      Where["id"] = static_cast<int64_t>(Related.size());
      Where["message"] = Object{{"text", Note.Message}};
      Related.push_back(std::move(Where));
      for (Value &Fix : fixes(Note, Lines))
        Fixes.push_back(std::move(Fix));
    }
    if (!Related.empty())
      Result["relatedLocations"] = std::move(Related);
    if (!Fixes.empty())
      Result["fixes"] = std::move(Fixes);
    Results.push_back(std::move(Result));
  }
  return Results;
}

static Object checkRule(const CheckInfo &Check) {
  llvm::StringRef Level = "warning";
  switch (Check.DefaultLevel) {
  case CheckLevel::Error:
    Level = "error";
    break;
  case CheckLevel::Remark:
    Level = "note";
    break;
  case CheckLevel::Warning:
  case CheckLevel::Off:
    break;
  }
  Object Configuration{{"level", Level}};
  if (Check.DefaultLevel == CheckLevel::Off)
    Configuration["enabled"] = false;
  Object Rule{{"id", Check.Name},
              {"name", Check.Name},
              {"shortDescription", Object{{"text", Check.Summary}}},
              {"defaultConfiguration", std::move(Configuration)}};
  if (std::optional<llvm::StringRef> Page = checkDocumentation(Check.Name))
    Rule["help"] = Object{{"text", *Page}, {"markdown", *Page}};
  return Rule;
}

/// A rule for a diagnostic that is no check: clang's own, or the
/// lowering's and the migration's.
static Object otherRule(llvm::StringRef Id) {
  std::string Description;
  if (Id == "cdp-lower")
    Description = "What cdp-lower's lowering or CDP1 migration refuses to "
                  "rewrite, and why";
  else if (llvm::StringRef Flag = Id; Flag.consume_front("clang-diagnostic-"))
    Description = Flag == "error" || Flag == "warning"
                      ? "clang's " + Flag.str() + "s without a warning flag"
                      : "clang's warning -W" + Flag.str();
  else
    Description = Id.str();
  // json::Value keeps a StringRef without copying it: strings here are
  // copied unless they are literals.
  return Object{{"id", Id.str()},
                {"name", Id.str()},
                {"shortDescription", Object{{"text", Description}}}};
}

std::string sarifLog(llvm::ArrayRef<Value> Results, llvm::StringRef Version) {
  Array Rules;
  llvm::StringMap<int64_t> RuleIndex;
  for (const CheckInfo &Check : allChecks()) {
    RuleIndex[Check.Name] = Rules.size();
    Rules.push_back(checkRule(Check));
  }
  Array Indexed;
  for (const Value &Result : Results) {
    Object WithIndex = *Result.getAsObject();
    std::string Id = WithIndex.getString("ruleId")->str();
    auto [It, New] = RuleIndex.try_emplace(Id, Rules.size());
    if (New)
      Rules.push_back(otherRule(Id));
    WithIndex["ruleIndex"] = It->second;
    Indexed.push_back(std::move(WithIndex));
  }
  Object Driver{{"name", "cdp-lower"},
                {"version", Version},
                {"semanticVersion", Version},
                {"rules", std::move(Rules)}};
  Object Run{{"tool", Object{{"driver", std::move(Driver)}}},
             {"columnKind", "utf16CodeUnits"},
             {"results", std::move(Indexed)}};
  Object Log{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
             {"version", "2.1.0"},
             {"runs", Array{std::move(Run)}}};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::formatv("{0:2}", Value(std::move(Log))) << "\n";
  return Text;
}

} // namespace cdp
