//===- LaunchProfileTest.cpp - Reading --instrument's launch counts -------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// --optimize --profile decides from whether a site's counted grids were
// all at or above a threshold, or all below (lib/Aggregation/
// LaunchProfile.h); these pin where a size class's edges fall, how sites
// are found, and how profiles add up.
//
//===----------------------------------------------------------------------===//

#include "Aggregation/LaunchProfile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>

using namespace cdp;

namespace {

SiteProfile counts(
    std::initializer_list<std::pair<std::uint64_t, std::uint64_t>> ByThreads) {
  SiteProfile Site;
  for (auto [Threads, Launches] : ByThreads)
    Site.ByThreads[Threads] = Launches;
  return Site;
}

TEST(SiteProfile, SizeClassEdges) {
  // "2048" holds grids of 2,048 to 4,095 threads: all fewer than 4,096.
  EXPECT_TRUE(counts({{32, 5}, {2048, 1}}).allFewerThan(4096));
  EXPECT_FALSE(counts({{32, 5}, {2048, 1}}).allAtLeast(4096));
  // "4096" holds 4,096 to 8,191: all at least 4,096.
  EXPECT_TRUE(counts({{4096, 3}, {16384, 1}}).allAtLeast(4096));
  EXPECT_FALSE(counts({{4096, 3}}).allFewerThan(4096));
  // On both sides: neither.
  EXPECT_FALSE(counts({{2048, 1}, {4096, 1}}).allAtLeast(4096));
  EXPECT_FALSE(counts({{2048, 1}, {4096, 1}}).allFewerThan(4096));
  // Class "1" holds grids of no thread and of one.
  EXPECT_TRUE(counts({{1, 7}}).allFewerThan(2));
  EXPECT_EQ(counts({{32, 5}, {64, 2}}).launches(), 7u);
}

TEST(SiteProfile, NoLaunchDecidesNothing) {
  EXPECT_FALSE(counts({}).allAtLeast(32));
  EXPECT_FALSE(counts({}).allFewerThan(32));
  EXPECT_FALSE(counts({{64, 0}}).allAtLeast(32));
}

/// A profile file with \p Text, removed when the test ends.
class ProfileFile {
public:
  explicit ProfileFile(llvm::StringRef Text) {
    llvm::SmallString<128> Name;
    int FD;
    EXPECT_FALSE(
        llvm::sys::fs::createTemporaryFile("profile", "json", FD, Name));
    Path = std::string(Name);
    llvm::raw_fd_ostream(FD, /*shouldClose=*/true) << Text;
  }
  ~ProfileFile() { llvm::sys::fs::remove(Path); }
  std::string Path;
};

TEST(LaunchProfile, FindsByPathThenByFileName) {
  ProfileFile File(R"({"format": "cdp-lower-profile-1", "sites": [
    {"site": "/a/src/bfs.cu:25:5", "threads": {"32": 10}},
    {"site": "/b/src/bfs.cu:25:5", "threads": {"64": 1}}]})");
  llvm::Expected<LaunchProfile> Profile = LaunchProfile::read({File.Path});
  ASSERT_TRUE(static_cast<bool>(Profile)) << toString(Profile.takeError());
  const SiteProfile *Exact = Profile->find("/a/src/bfs.cu:25:5");
  ASSERT_NE(Exact, nullptr);
  EXPECT_EQ(Exact->launches(), 10u);
  // Another directory: the sites of that file name, added up.
  const SiteProfile *ByName = Profile->find("/c/bfs.cu:25:5");
  ASSERT_NE(ByName, nullptr);
  EXPECT_EQ(ByName->launches(), 11u);
  EXPECT_EQ(Profile->find("/a/src/bfs.cu:26:5"), nullptr);
}

TEST(LaunchProfile, ProfilesAddUp) {
  ProfileFile First(R"({"format": "cdp-lower-profile-1", "sites": [
    {"site": "k.cu:3:1", "threads": {"32": 2}}]})");
  ProfileFile Second(R"({"format": "cdp-lower-profile-1", "sites": [
    {"site": "k.cu:3:1", "threads": {"32": 3, "8192": 1}}]})");
  llvm::Expected<LaunchProfile> Profile =
      LaunchProfile::read({First.Path, Second.Path});
  ASSERT_TRUE(static_cast<bool>(Profile)) << toString(Profile.takeError());
  const SiteProfile *Site = Profile->find("k.cu:3:1");
  ASSERT_NE(Site, nullptr);
  EXPECT_EQ(Site->ByThreads.at(32), 5u);
  EXPECT_EQ(Site->launches(), 6u);
}

TEST(LaunchProfile, NegativeCountIsAnError) {
  ProfileFile File(R"({"format": "cdp-lower-profile-1", "sites": [
    {"site": "k.cu:3:1", "threads": {"32": -2}}]})");
  llvm::Expected<LaunchProfile> Profile = LaunchProfile::read({File.Path});
  ASSERT_FALSE(static_cast<bool>(Profile));
  EXPECT_NE(
      toString(Profile.takeError()).find("a size class is a power of two"),
      std::string::npos);
}

} // namespace
