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

/// Median of `reps` timings of `run()` after one warm-up, in ms; the
/// aggregation counters then cover those 1 + reps runs.
template <class Run> float medianMs(Run run, int reps = 5) {
#ifdef CDP_AGGREGATE_STATS
  cudaDeviceSynchronize();
  cdp::aggregated::resetStats();
#endif
  run();
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> times;
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (int i = 0; i < reps; ++i) {
    cudaEventRecord(start);
    run();
    cudaEventRecord(stop);
    CHECK_CUDA(cudaEventSynchronize(stop));
    float ms;
    cudaEventElapsedTime(&ms, start, stop);
    times.push_back(ms);
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

/// One result line, flushed (a later size may be cut by a time limit);
/// the counters cover `runs` runs.
inline void report(const char *name, long size, float ms, long runs, bool ok) {
  long long launches = -1, issued = -1, peak = -1, noRoom = -1;
#ifdef CDP_AGGREGATE_STATS
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

/// Room for every pending launch of the native build (each thread's).
inline void allowPendingLaunches(long n) {
  CHECK_CUDA(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount,
                                (size_t)n + 4096));
}
