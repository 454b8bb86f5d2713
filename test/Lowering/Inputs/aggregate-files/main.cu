// Runs both files' aggregated launches and checks the sum; the runtime's
// counters (CDP_AGGREGATE_STATS) and pools are one set for the program.
#include <cdp/aggregate.cuh>

#include <cstdio>

void runAdd(unsigned long long *Sum, int N);
void runTwice(unsigned long long *Sum, int N);

int main() {
  const int N = 100000;
  // Room for every child launched natively (the default is 2048 pending
  // launches; past it, launches fail and their sums are lost).
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 2 * N + 1024);
  unsigned long long *Sum;
  cudaMalloc(&Sum, sizeof *Sum);
  cudaMemset(Sum, 0, sizeof *Sum);
  runAdd(Sum, N);
  runTwice(Sum, N);
  cudaDeviceSynchronize();
  unsigned long long Got = 0;
  cudaMemcpy(&Got, Sum, sizeof Got, cudaMemcpyDeviceToHost);
  const unsigned long long Want = 3ull * N * (N - 1) / 2;
  bool Right = Got == Want;
  std::printf("sum %llu (%s); %s", Got, Right ? "right" : "WRONG",
              cudaGetErrorName(cudaGetLastError()));
#ifdef CDP_AGGREGATE_STATS
  cdp::aggregated::Stats Stats = cdp::aggregated::readStats();
  std::printf("; %llu launches stood for %llu, %llu alone", Stats.Launches,
              Stats.Aggregated, Stats.Alone);
  Right &= Stats.Aggregated + Stats.Alone == 2ull * N;
#endif
  std::printf("\n");
  return Right ? 0 : 1;
}
