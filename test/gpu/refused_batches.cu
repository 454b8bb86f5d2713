// --aggregate=warp (programs.txt): past the device runtime's 2,048 pending
// launches, most of the 27,000 launches a round below are refused, and so
// are many warps' batches. A refused batch is launched record by
// record by the warp's leader; when its lanes each launched their own
// instead, together, one of them could stay inside the device runtime for
// good (NPSLab's SSSP, aggregated by warp, hung in about half its runs).
// Which launches are refused differs from run to run, so the program
// prints only what every run prints: that it finished, that some child
// ran, and that none ran more often than it launched.
#include "common.cuh"

constexpr int kBlocks = 2344, kThreads = 128, kRounds = 20;
__device__ int g_runs[kBlocks * kThreads];

__global__ void child(int *runs, int spin) {
  // Long enough that launches stay pending while the parent launches.
  for (int i = threadIdx.x; i < spin; i += blockDim.x)
    __nanosleep(100);
  if (threadIdx.x == 0)
    atomicAdd(runs, 1);
}

// A few lanes of each warp launch, as a graph's high-degree vertices do.
__global__ void parent(int round, int spin) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if ((t * 2654435761u + round) % 11u == 0)
    child<<<1, 256, 0, cudaStreamFireAndForget>>>(&g_runs[t], spin);
}

__global__ void report() {
  int ran = 0, twice = 0;
  for (int t = 0; t < kBlocks * kThreads; ++t) {
    ran += g_runs[t] > 0;
    twice += g_runs[t] > kRounds;
  }
  logValue(ran > 0);
  logValue(twice); // More runs than launches.
}

int main() {
  for (int round = 0; round < kRounds; ++round)
    parent<<<kBlocks, kThreads>>>(round, 2000);
  report<<<1, 1>>>();
  printLog("refused_batches");
}
