//===- LaunchProfile.h - Launch counts of an instrumented run ---*- C++ -*-===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A program lowered with --instrument counts each device-side launch by
// the size of its grid, and writes the counts when it exits (the runtime's
// cdp/profile.cuh):
//
//   {"format": "cdp-lower-profile-1", "sites": [
//     {"site": "bfs.cu:25:5", "launches": 1200,
//      "threads": {"32": 1000, "64": 200}}]}
//
// A site is a launch's file, line and column; "threads" counts its launches
// by size class, each named by its smallest grid: "32" holds the grids of
// 32 to 63 threads. --optimize --profile=<file> reads them (LaunchChoice.h).
//
//===----------------------------------------------------------------------===//
#ifndef CDP_LOWER_AGGREGATION_LAUNCHPROFILE_H
#define CDP_LOWER_AGGREGATION_LAUNCHPROFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <map>
#include <string>

namespace clang {
class CUDAKernelCallExpr;
class SourceManager;
} // namespace clang

namespace cdp {

/// The launches counted at one site.
struct SiteProfile {
  /// Launches by the smallest grid of their size class (a power of two).
  std::map<std::uint64_t, std::uint64_t> ByThreads;

  std::uint64_t launches() const;
  /// Whether every launch counted had at least \p Threads threads, or
  /// fewer: exact where \p Threads is a power of two, and false where a
  /// size class holds grids on both sides.
  bool allAtLeast(std::uint64_t Threads) const;
  bool allFewerThan(std::uint64_t Threads) const;
};

/// The sites of one or more profiles, their counts added up.
class LaunchProfile {
public:
  /// Reads the profiles \p Paths; an error names the file and what is
  /// wrong in it.
  static llvm::Expected<LaunchProfile> read(llvm::ArrayRef<std::string> Paths);

  /// The counts of the site \p Site ("path:line:column"); where no site
  /// has that path, of the sites of the same file name (a profile made in
  /// another directory). Null where none was counted.
  const SiteProfile *find(llvm::StringRef Site) const;

private:
  llvm::Error add(llvm::StringRef Path, llvm::StringRef Text);

  llvm::StringMap<SiteProfile> Sites;
  llvm::StringMap<SiteProfile> ByFileName;
};

/// The site of \p Launch as --instrument names it: the presumed file, line
/// and column of its first token (where a macro is used, for a launch it
/// expands to).
std::string launchSiteName(const clang::CUDAKernelCallExpr &Launch,
                           const clang::SourceManager &SM);

} // namespace cdp

#endif // CDP_LOWER_AGGREGATION_LAUNCHPROFILE_H
