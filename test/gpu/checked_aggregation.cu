// Run-time pointer checks on aggregated and coarsened launches (cdp-lower
// --runtime-checks --aggregate=block, by warp, --coarsen: programs.txt). The
// pointers come through a function the compile-time checks cannot see
// into. A launch given local or shared memory is reported once per site
// and skipped before it is recorded; the others of its block or warp are
// aggregated and run: in a warp whose odd lanes pass local memory, the
// even lanes' launches. (Built as written, the bad launches are undefined
// behaviour; checked_aggregation.expected holds the lowered output only.)
#include "opaque_pointers.cuh"

__global__ void parent(int which) {
  int local = 7;
  __shared__ int shared;
  shared = 8;
  __syncthreads();
  int *fromLocal = choose(&local, &g_target, which);
  int *fromShared = choose(&shared, &g_target, which);
  child<<<1, 1, 0, cudaStreamFireAndForget>>>(fromLocal);
  child<<<1, 1, 0, cudaStreamFireAndForget>>>(fromShared);
}

__global__ void halfOfEachWarp() {
  int local = 9;
  child<<<1, 1, 0, cudaStreamFireAndForget>>>(
      choose(&local, &g_target, threadIdx.x % 2));
}

int main() {
  int value = 5;
  cudaMemcpyToSymbol(g_target, &value, sizeof value);
  parent<<<1, 4>>>(0); // Global memory: 4 + 4 children log 5.
  printLog("global");
  int zero = 0;
  cudaMemcpyToSymbol(g_log_size, &zero, sizeof zero);
  parent<<<1, 4>>>(1); // Local and shared: every launch is skipped.
  printLog("local and shared");
  cudaMemcpyToSymbol(g_log_size, &zero, sizeof zero);
  halfOfEachWarp<<<1, 64>>>(); // 32 even lanes' children log 5.
  printLog("half of each warp");
  return 0;
}
