// Aggregated launches that the device runtime refuses, under
// --runtime-checks (programs.txt: by block, by warp and by grid). A batch
// the runtime refuses is made launch by launch; a launch it refuses then
// is reported at its site, once, as a lowered launch is
// (refused_launches.cu), and the others run. Here the first thread of each
// block asks for a block of 2,048 threads, refused every time, so that its
// warp's or block's batch is too wide and refused too, and the other
// threads for blocks of one thread. Built as written (or aggregated
// without the checks) the same children run, and nothing says that 24 did
// not; checked_refusals.expected holds the lowered output only.
#include "common.cuh"

__device__ int g_ran[1];

__global__ void child(int threads) {
  if (threadIdx.x == 0)
    atomicAdd(&g_ran[0], threads);
}

__global__ void parent(int wide) {
  const int threads = threadIdx.x == 0 ? wide : 1;
  child<<<1, threads, 0, cudaStreamFireAndForget>>>(threads);
}

int main() {
  // 24 blocks: more than grid aggregation's smallest grid of its own.
  parent<<<24, 64>>>(2048);
  printLog("parent"); // The parent's error, if any; it logs nothing.
  int ran = 0;
  cudaMemcpyFromSymbol(&ran, g_ran, sizeof ran);
  printf("children of one thread that ran: %d of %d\n", ran, 24 * 63);
  return 0;
}
