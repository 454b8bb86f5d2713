//===- LaunchProfile.cpp - Launch counts of an instrumented run -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchProfile.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace cdp {

namespace {

constexpr llvm::StringLiteral ProfileFormat = "cdp-lower-profile-1";

/// "name:line:column" of a site "path:line:column"; empty where it has no
/// line and column.
std::string fileNameSite(llvm::StringRef Site) {
  auto [PathAndLine, Column] = Site.rsplit(':');
  auto [Path, Line] = PathAndLine.rsplit(':');
  if (Path.empty() || Line.empty() || Column.empty())
    return "";
  return (llvm::sys::path::filename(Path) + ":" + Line + ":" + Column).str();
}

void addCounts(SiteProfile &Into, const SiteProfile &From) {
  for (auto [Threads, Launches] : From.ByThreads)
    Into.ByThreads[Threads] += Launches;
}

} // namespace

std::uint64_t SiteProfile::launches() const {
  std::uint64_t Total = 0;
  for (auto [Threads, Launches] : ByThreads)
    Total += Launches;
  return Total;
}

bool SiteProfile::allAtLeast(std::uint64_t Threads) const {
  for (auto [Smallest, Launches] : ByThreads)
    if (Launches && Smallest < Threads)
      return false;
  return launches() != 0;
}

bool SiteProfile::allFewerThan(std::uint64_t Threads) const {
  // A class holds grids of Smallest to 2 * Smallest - 1 threads (the first
  // one, 0 and 1).
  for (auto [Smallest, Launches] : ByThreads)
    if (Launches && 2 * std::max<std::uint64_t>(Smallest, 1) > Threads)
      return false;
  return launches() != 0;
}

llvm::Expected<LaunchProfile>
LaunchProfile::read(llvm::ArrayRef<std::string> Paths) {
  LaunchProfile Profile;
  for (const std::string &Path : Paths) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        llvm::MemoryBuffer::getFile(Path);
    if (!Buffer)
      return llvm::createStringError(
          Buffer.getError(), "cannot read the profile '%s': %s", Path.c_str(),
          Buffer.getError().message().c_str());
    if (llvm::Error E = Profile.add(Path, (*Buffer)->getBuffer()))
      return E;
  }
  for (const auto &Site : Profile.Sites) {
    std::string Name = fileNameSite(Site.getKey());
    if (!Name.empty())
      addCounts(Profile.ByFileName[Name], Site.getValue());
  }
  return Profile;
}

llvm::Error LaunchProfile::add(llvm::StringRef Path, llvm::StringRef Text) {
  auto Invalid = [&](const llvm::Twine &Why) {
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "the profile '" + Path + "' is not one --instrument writes: " + Why);
  };
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Text);
  if (!Parsed)
    return Invalid(llvm::toString(Parsed.takeError()));
  const llvm::json::Object *Root = Parsed->getAsObject();
  if (!Root)
    return Invalid("it is not a JSON object");
  std::optional<llvm::StringRef> Format = Root->getString("format");
  if (!Format || *Format != ProfileFormat)
    return Invalid("its \"format\" is not \"" + ProfileFormat + "\"");
  const llvm::json::Array *Entries = Root->getArray("sites");
  if (!Entries)
    return Invalid("it has no \"sites\" array");
  for (const llvm::json::Value &Entry : *Entries) {
    const llvm::json::Object *Site = Entry.getAsObject();
    std::optional<llvm::StringRef> Name =
        Site ? Site->getString("site") : std::nullopt;
    const llvm::json::Object *Threads =
        Site ? Site->getObject("threads") : nullptr;
    if (!Name || !Threads)
      return Invalid("a site has no \"site\" name or no \"threads\" counts");
    SiteProfile &Counts = Sites[*Name];
    for (const auto &[Key, Value] : *Threads) {
      std::uint64_t Smallest = 0;
      std::optional<std::int64_t> Launches = Value.getAsInteger();
      if (llvm::StringRef(Key).getAsInteger(10, Smallest) ||
          (Smallest & (Smallest - 1)) || !Launches || *Launches < 0)
        return Invalid("site '" + *Name + "' counts \"" + Key.str() +
                       "\" threads: a size class is a power of two, and its "
                       "count a whole number");
      Counts.ByThreads[Smallest] += static_cast<std::uint64_t>(*Launches);
    }
  }
  return llvm::Error::success();
}

const SiteProfile *LaunchProfile::find(llvm::StringRef Site) const {
  if (auto Found = Sites.find(Site); Found != Sites.end())
    return &Found->getValue();
  if (auto Found = ByFileName.find(fileNameSite(Site));
      Found != ByFileName.end())
    return &Found->getValue();
  return nullptr;
}

std::string launchSiteName(const CUDAKernelCallExpr &Launch,
                           const SourceManager &SM) {
  PresumedLoc Where =
      SM.getPresumedLoc(SM.getExpansionLoc(Launch.getBeginLoc()));
  if (Where.isInvalid())
    return "";
  return (llvm::Twine(Where.getFilename()) + ":" +
          llvm::Twine(Where.getLine()) + ":" + llvm::Twine(Where.getColumn()))
      .str();
}

} // namespace cdp
