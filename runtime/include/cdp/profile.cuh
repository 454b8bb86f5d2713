//===- cdp/profile.cuh - Launch counts of cdp-lower --instrument ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Header-only. `cdp-lower --instrument` lowers each device-side launch as
// written and counts it first:
//
//   cdp::profile::count("bfs.cu:25:5", grid, block);
//   cdp::DeviceLaunch<...>(visitEdges, {grid, block}).arg<0>(...).launch();
//
// Each translation unit that includes this header keeps its own table of
// sites in device memory, found by the address of the site's name: a
// launch count by the size of its grid in threads, in powers of two. When
// the program exits, every table is read and the sites written, as JSON, to
// the file CDP_PROFILE_FILE names (cdp-profile.json when unset), which
// `cdp-lower --optimize --profile=<file>` reads.
//
// The tables are read by an exit handler, which must run while the CUDA
// runtime and the program's device code are still loaded: one registered
// by writeAtExit() (which cdp-lower calls first in main and in each host
// function that launches a kernel, in the files it lowers) runs before
// their own exit handlers. Where none of those runs, the handler
// registered as the program starts is the only one; it reports it when the
// counts can no longer be read. A program
// that calls cudaDeviceReset() loses its counts: call
// cdp::profile::write() before it.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_PROFILE_CUH
#define CDP_PROFILE_CUH

#include "launch.cuh"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace cdp {
namespace profile {

/// Launches are counted by grid size: size class S holds the grids of
/// 2^S to 2^(S+1) - 1 threads (class 0 also those of none).
constexpr int SizeClasses = 48;
/// The sites one translation unit may count; past these, launches are
/// counted as dropped.
constexpr unsigned SitesPerUnit = 512;
/// The longest site name kept.
constexpr unsigned NameLength = 120;

struct Site {
  const char *Key; ///< The name's address in device memory; null: free.
  unsigned long long Launches[SizeClasses];
  char Name[NameLength];
};

struct Table {
  Site Sites[SitesPerUnit];
  unsigned long long Dropped;
};

} // namespace profile
} // namespace cdp

namespace {
/// This translation unit's sites (one table per unit: internal linkage).
__device__ cdp::profile::Table cdp_profile_table;
} // namespace

namespace cdp {
namespace profile {

__host__ __device__ inline int sizeClassOf(unsigned long long Threads) {
  int Class = 0;
  while (Threads > 1 && Class + 1 < SizeClasses) {
    Threads >>= 1;
    ++Class;
  }
  return Class;
}

/// The site named \p Name in \p Table, claimed for it if new; null when
/// the table is full.
__device__ inline Site *siteFor(Table &Table, const char *Name) {
  const unsigned long long Address = reinterpret_cast<unsigned long long>(Name);
  unsigned Slot = static_cast<unsigned>((Address >> 2) * 2654435761u);
  for (unsigned Probe = 0; Probe < SitesPerUnit; ++Probe, ++Slot) {
    Site &S = Table.Sites[Slot % SitesPerUnit];
    const char *Held = S.Key;
    if (Held == Name)
      return &S;
    if (Held)
      continue;
    unsigned long long *Key = reinterpret_cast<unsigned long long *>(&S.Key);
    const unsigned long long Before = atomicCAS(Key, 0ull, Address);
    if (Before == 0) {
      // Claimed: the name is copied once, and read on the host after the
      // program's last kernel.
      unsigned I = 0;
      for (; I + 1 < NameLength && Name[I]; ++I)
        S.Name[I] = Name[I];
      S.Name[I] = 0;
      return &S;
    }
    if (Before == Address)
      return &S;
  }
  return nullptr;
}

namespace {
// Internal linkage, as the table it counts into: each unit counts its own.

/// Counts one launch at the site \p Name (a string literal) of \p Grid
/// blocks of \p Block threads.
__device__ inline void count(const char *Name, dim3 Grid, dim3 Block) {
  const unsigned long long Threads = static_cast<unsigned long long>(Grid.x) *
                                     Grid.y * Grid.z * Block.x * Block.y *
                                     Block.z;
  Site *S = siteFor(cdp_profile_table, Name);
  if (!S) {
    atomicAdd(&cdp_profile_table.Dropped, 1ull);
    return;
  }
  const int Class = sizeClassOf(Threads);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  // One atomic for the lanes that count the same site and size class.
  const unsigned long long Key =
      reinterpret_cast<unsigned long long>(&S->Launches[Class]);
  const unsigned Same = __match_any_sync(__activemask(), Key);
  unsigned Lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(Lane));
  if (Lane == static_cast<unsigned>(__ffs(Same) - 1))
    atomicAdd(&S->Launches[Class],
              static_cast<unsigned long long>(__popc(Same)));
#else
  atomicAdd(&S->Launches[Class], 1ull);
#endif
}

} // namespace

namespace detail {

/// The tables of the translation units that include this header, by their
/// host-side symbols.
inline std::vector<const void *> &tables() {
  static std::vector<const void *> Tables;
  return Tables;
}

inline bool &written() {
  static bool Written = false;
  return Written;
}

inline void writeJsonString(std::FILE *Out, const std::string &Text) {
  std::fputc('"', Out);
  for (char C : Text) {
    if (C == '"' || C == '\\')
      std::fputc('\\', Out);
    if (static_cast<unsigned char>(C) < 0x20)
      std::fprintf(Out, "\\u%04x", C);
    else
      std::fputc(C, Out);
  }
  std::fputc('"', Out);
}

} // namespace detail

/// Reads every table and writes the profile (once; later calls do
/// nothing). Called at exit; call it yourself before cudaDeviceReset().
inline void write() {
  if (detail::written())
    return;
  detail::written() = true;
  const char *Path = std::getenv("CDP_PROFILE_FILE");
  if (!Path || !*Path)
    Path = "cdp-profile.json";
  cudaDeviceSynchronize();
  std::map<std::string, std::vector<unsigned long long>> BySite;
  unsigned long long Dropped = 0;
  std::vector<Table> Copy(1);
  for (const void *Symbol : detail::tables()) {
    const cudaError_t Error =
        cudaMemcpyFromSymbol(Copy.data(), Symbol, sizeof(Table));
    if (Error != cudaSuccess) {
      std::fprintf(stderr,
                   "cdp-lower --instrument: no profile written: the launch "
                   "counts could not be read (%s)%s\n",
                   cudaGetErrorString(Error),
                   Error == cudaErrorCudartUnloading
                       ? "; lower the file that defines main with "
                         "--instrument too, or call cdp::profile::write() "
                         "before main returns"
                       : "");
      return;
    }
    Dropped += Copy[0].Dropped;
    for (const Site &S : Copy[0].Sites) {
      if (!S.Key)
        continue;
      std::vector<unsigned long long> &Sum = BySite[S.Name];
      Sum.resize(SizeClasses);
      for (int Class = 0; Class < SizeClasses; ++Class)
        Sum[Class] += S.Launches[Class];
    }
  }
  if (BySite.empty())
    std::fprintf(stderr,
                 "cdp-lower --instrument: no device-side launch was counted; "
                 "a program that calls cudaDeviceReset() must call "
                 "cdp::profile::write() before it\n");
  if (Dropped)
    std::fprintf(stderr,
                 "cdp-lower --instrument: %llu launches not counted: more "
                 "than %u launch sites in a file\n",
                 Dropped, SitesPerUnit);
  // Written whole, then renamed: a reader never sees half a profile.
  const std::string Partial = std::string(Path) + ".partial";
  std::FILE *Out = std::fopen(Partial.c_str(), "w");
  if (!Out) {
    std::fprintf(stderr,
                 "cdp-lower --instrument: cannot write the profile '%s'\n",
                 Partial.c_str());
    return;
  }
  std::fprintf(Out,
               "{\n  \"format\": \"cdp-lower-profile-1\",\n  \"sites\": [");
  const char *Separator = "\n";
  for (const auto &[Name, Launches] : BySite) {
    unsigned long long Total = 0;
    for (unsigned long long N : Launches)
      Total += N;
    std::fprintf(Out, "%s    {\"site\": ", Separator);
    detail::writeJsonString(Out, Name);
    std::fprintf(Out, ", \"launches\": %llu, \"threads\": {", Total);
    const char *Between = "";
    for (int Class = 0; Class < SizeClasses; ++Class)
      if (Launches[Class]) {
        std::fprintf(Out, "%s\"%llu\": %llu", Between, 1ull << Class,
                     Launches[Class]);
        Between = ", ";
      }
    std::fprintf(Out, "}}");
    Separator = ",\n";
  }
  std::fprintf(Out, "\n  ]\n}\n");
  const bool Closed = std::fclose(Out) == 0;
  if (!Closed || std::rename(Partial.c_str(), Path) != 0) {
    std::fprintf(stderr,
                 "cdp-lower --instrument: cannot write the profile '%s'\n",
                 Path);
    std::remove(Partial.c_str());
  }
}

/// Writes the profile when the program exits, before the CUDA runtime's
/// own exit handlers (registered earlier) unload it. Called first in main.
inline void writeAtExit() {
  // The CUDA runtime registers its exit handler when it first sets itself
  // up; asked for the device count (which makes no context) now, it does
  // so before this one, which therefore runs first (measured: registered
  // before that, the handler found the runtime unloaded).
  int Devices = 0;
  (void)cudaGetDeviceCount(&Devices);
  static const bool Registered = std::atexit(write) == 0;
  (void)Registered;
}

namespace detail {
/// Registers this unit's table, and a handler for programs whose main is
/// not lowered (it may run after the CUDA runtime's).
inline bool registerTable(const void *Symbol) {
  tables().push_back(Symbol);
  static const bool Registered = std::atexit(write) == 0;
  return Registered;
}
} // namespace detail

} // namespace profile
} // namespace cdp

namespace {
const bool cdp_profile_registered =
    cdp::profile::detail::registerTable(&cdp_profile_table);
} // namespace

#endif // CDP_PROFILE_CUH
