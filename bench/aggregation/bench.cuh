// Shared by the aggregation benchmarks: timing, the check's verdict, and
// the aggregation runtime's counters when the program was built from an
// aggregated lowering. Each program prints one line per size:
//   <name> <size> <ms> <launches> <issued> <buffer peak bytes>
//   <batches that found no room> <ok|WRONG>
// where <launches> are the program's own per run and <issued> what the
// device runtime was asked for per run (-1 without aggregation).
#pragma once
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <algorithm>

/// The stream of the children's launches: fire-and-forget as written here;
/// -DCDP_BENCH_STREAM=0 puts them in the default stream, as most real CDP
/// code writes them (aggregated then only under --aggregate-unordered).
#ifndef CDP_BENCH_STREAM
#define CDP_BENCH_STREAM cudaStreamFireAndForget
#endif

/// The flat programs a CUDA programmer writes instead of CDP, built from
/// the same source (same data, same check): -DCDP_BENCH_FLAT=1 gives each
/// item of the parent grid one thread, which does its children's work in
/// a loop; =2 gives it a warp, whose lanes share that work (load balance
/// across items of very different sizes). 0: the CDP program.
#ifndef CDP_BENCH_FLAT
#define CDP_BENCH_FLAT 0
#endif
/// -DCDP_BENCH_CHILDREN_BY_HAND (Bezier and SpMV): the CDP program's
/// parent as written, its launch replaced by the child's work done by the
/// launching warp, written by hand. A transform of the children does no
/// better, so this bounds what cdp-lower can reach on the program; what a
/// flat program gains beyond it is in the parent's own code.
#ifndef CDP_BENCH_CHILDREN_BY_HAND
#define CDP_BENCH_CHILDREN_BY_HAND 0
#endif
/// Threads of the parent grid per item.
constexpr int kThreadsPerItem = CDP_BENCH_FLAT == 2 ? 32 : 1;

#define CHECK_CUDA(x)                                                          \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_),         \
                  __FILE__, __LINE__);                                         \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

/// The shortest sample timed: a run shorter than this is repeated within
/// one sample, so that every figure is at least this long and the timer's
/// resolution and a launch's jitter do not decide a ratio.
constexpr float kMinSampleMs = 50.0f;

/// Runs of the program the last medianMs made (the counters cover them).
inline long &runsMade() {
  static long Runs = 0;
  return Runs;
}

/// The time of `times` runs of `run()` in one sample, in ms.
template <class Run> float sampleMs(Run &run, long times) {
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start);
  for (long i = 0; i < times; ++i)
    run();
  cudaEventRecord(stop);
  CHECK_CUDA(cudaEventSynchronize(stop));
  float ms;
  cudaEventElapsedTime(&ms, start, stop);
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return ms;
}

/// The median time of one run of `run()`, in ms, over `reps` samples after
/// a warm-up; each sample repeats the run until it lasts kMinSampleMs (the
/// count is chosen from one timed run). The aggregation counters then
/// cover every run made (runsMade()).
template <class Run> float medianMs(Run run, int reps = 5) {
#ifdef CDP_AGGREGATE_STATS
  cudaDeviceSynchronize();
  cdp::aggregated::resetStats();
#endif
  run();
  CHECK_CUDA(cudaDeviceSynchronize());
  const float once = sampleMs(run, 1);
  const long repeat =
      once >= kMinSampleMs
          ? 1
          : std::min(100000L, (long)(kMinSampleMs / std::max(once, 1e-3f)) + 1);
  std::vector<float> times;
  for (int i = 0; i < reps; ++i)
    times.push_back(sampleMs(run, repeat) / repeat);
  runsMade() = 2 + reps * repeat;
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

/// One result line, flushed (a later size may be cut by a time limit).
inline void report(const char *name, long size, float ms, bool ok) {
  long long launches = -1, issued = -1, peak = -1, noRoom = -1;
#ifdef CDP_AGGREGATE_STATS
  const long runs = runsMade();
  cdp::aggregated::Stats s = cdp::aggregated::readStats();
  launches = (long long)((s.Aggregated + s.Alone) / runs);
  issued = (long long)(s.Launches / runs);
  peak = (long long)s.PeakBytes;
  noRoom = (long long)(s.NoRoom / runs);
#endif
  std::printf("%s %ld %.3f %lld %lld %lld %lld %s\n", name, size, ms,
              launches, issued, peak, noRoom, ok ? "ok" : "WRONG");
  std::fflush(stdout);
}

/// The most pending launches asked room for: the sizes past the default
/// ones (argv[1], for the transformed and flat programs) would otherwise
/// ask for a launch buffer of gigabytes that those builds never fill. The
/// native build at the default sizes stays below it (the quadtree's 192K
/// launches at 10M points are the most).
constexpr long kMostPendingLaunches = 1L << 22;

/// Room for every pending launch of the native build (each thread's).
inline void allowPendingLaunches(long n) {
  CHECK_CUDA(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount,
                                (size_t)std::min(n, kMostPendingLaunches) +
                                    4096));
}
