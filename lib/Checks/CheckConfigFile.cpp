//===- CheckConfigFile.cpp - The .cdp-lower options file ------------------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Checks/CheckConfigFile.h"

#include "CudaAST/CustomDiagnostic.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

namespace cdp {

static constexpr llvm::StringLiteral FileName = ".cdp-lower";

/// `Aggregation: {Unordered: all}` or `{Unordered: [a, b]}`.
static llvm::Error parseAggregation(llvm::yaml::Node *Value,
                                    CheckConfigFile &Config) {
  auto Invalid = [] {
    return llvm::createStringError(
        "'Aggregation' takes one key, 'Unordered', with 'all' or a list of "
        "kernel names");
  };
  auto *Map = llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(Value);
  if (!Map)
    return Invalid();
  for (llvm::yaml::KeyValueNode &Entry : *Map) {
    auto *Key = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(Entry.getKey());
    llvm::SmallString<32> Storage;
    if (!Key || Key->getValue(Storage) != "Unordered")
      return Invalid();
    if (auto *One =
            llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(Entry.getValue())) {
      Config.UnorderedChildren.push_back(One->getValue(Storage).str());
      continue;
    }
    auto *List =
        llvm::dyn_cast_or_null<llvm::yaml::SequenceNode>(Entry.getValue());
    if (!List)
      return Invalid();
    for (llvm::yaml::Node &Item : *List) {
      auto *Name = llvm::dyn_cast<llvm::yaml::ScalarNode>(&Item);
      if (!Name)
        return Invalid();
      Config.UnorderedChildren.push_back(Name->getValue(Storage).str());
    }
  }
  return llvm::Error::success();
}

llvm::Expected<CheckConfigFile> parseCheckConfig(llvm::StringRef Path,
                                                 llvm::StringRef Text) {
  auto Fail = [&](const llvm::Twine &Why) {
    return llvm::createStringError(("'" + Path + "': " + Why).str());
  };
  CheckConfigFile Config;
  Config.Path = Path.str();
  llvm::SourceMgr SM;
  std::string YamlErrors;
  llvm::yaml::Stream Stream(Text, SM, /*ShowColors=*/false);
  SM.setDiagHandler(
      [](const llvm::SMDiagnostic &D, void *Out) {
        *static_cast<std::string *>(Out) += D.getMessage().str();
      },
      &YamlErrors);
  llvm::yaml::document_iterator Document = Stream.begin();
  if (Document == Stream.end() || !Document->getRoot())
    return Config; // An empty file says nothing.
  if (llvm::isa<llvm::yaml::NullNode>(Document->getRoot()))
    return Config;
  auto *Root = llvm::dyn_cast<llvm::yaml::MappingNode>(Document->getRoot());
  if (!Root)
    return Fail("expected a mapping with the keys 'Checks' and "
                "'Aggregation'");
  for (llvm::yaml::KeyValueNode &Entry : *Root) {
    auto *Key = llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(Entry.getKey());
    llvm::SmallString<32> KeyStorage;
    llvm::StringRef KeyName = Key ? Key->getValue(KeyStorage) : "";
    if (KeyName == "Aggregation") {
      if (llvm::Error E = parseAggregation(Entry.getValue(), Config))
        return Fail(llvm::toString(std::move(E)));
      continue;
    }
    if (KeyName != "Checks")
      return Fail("unknown key; the file's keys are 'Checks' and "
                  "'Aggregation'");
    auto *Checks =
        llvm::dyn_cast_or_null<llvm::yaml::MappingNode>(Entry.getValue());
    if (!Checks)
      return Fail("'Checks' must map check names to levels");
    for (llvm::yaml::KeyValueNode &Check : *Checks) {
      auto *Name =
          llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(Check.getKey());
      auto *Value =
          llvm::dyn_cast_or_null<llvm::yaml::ScalarNode>(Check.getValue());
      llvm::SmallString<32> NameStorage, ValueStorage;
      if (!Name || !Value)
        return Fail("'Checks' must map check names to levels");
      llvm::StringRef CheckName = Name->getValue(NameStorage);
      llvm::StringRef LevelName = Value->getValue(ValueStorage);
      std::optional<CheckLevel> Level = parseCheckLevel(LevelName);
      if (!Level)
        return Fail(llvm::formatv("level '{0}' of '{1}' is not one of off, "
                                  "remark, warning, error",
                                  LevelName, CheckName));
      if (llvm::Error E = CheckOptions().setBaseLevel(CheckName, *Level)) {
        std::string Message = llvm::toString(std::move(E));
        if (!llvm::StringRef(Message).ends_with("?"))
          Message += "; see --list-checks";
        return Fail(Message);
      }
      Config.Levels.emplace_back(CheckName.str(), *Level);
    }
  }
  if (Stream.failed())
    return Fail("not valid YAML: " + YamlErrors);
  return Config;
}

llvm::Expected<std::optional<CheckConfigFile>>
findCheckConfig(llvm::StringRef Directory) {
  llvm::SmallString<256> Dir(Directory);
  llvm::sys::fs::make_absolute(Dir);
  for (llvm::StringRef D = Dir; !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Candidate(D);
    llvm::sys::path::append(Candidate, FileName);
    if (!llvm::sys::fs::exists(Candidate))
      continue;
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        llvm::MemoryBuffer::getFile(Candidate);
    if (!Buffer)
      return llvm::createStringError(
          ("'" + Candidate + "': " + Buffer.getError().message()).str());
    llvm::Expected<CheckConfigFile> Config =
        parseCheckConfig(Candidate, (*Buffer)->getBuffer());
    if (!Config)
      return Config.takeError();
    return std::optional<CheckConfigFile>(std::move(*Config));
  }
  return std::nullopt;
}

CheckLevels checkLevelsForFile(llvm::StringRef AbsolutePath,
                               clang::DiagnosticsEngine &Diags) {
  llvm::Expected<std::optional<CheckConfigFile>> Config =
      findCheckConfig(llvm::sys::path::parent_path(AbsolutePath));
  if (!Config) {
    reportCustom(Diags, clang::SourceLocation(), clang::DiagnosticIDs::Error,
                 "cannot use the options file %0")
        << llvm::toString(Config.takeError());
    return {};
  }
  return *Config ? (*Config)->Levels : CheckLevels();
}

} // namespace cdp
