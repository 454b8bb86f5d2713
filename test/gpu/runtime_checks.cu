// Run-time pointer checks (cdp-lower --runtime-checks): the pointers come
// through a function the checks cannot see into, so only the GPU can tell
// where they point. Lowered with the checks, the launches given local or
// shared memory are skipped and reported once per site; the launch given
// global memory runs. (Built as written, the bad launches are undefined
// behaviour; runtime_checks.expected holds the lowered output only.)
#include "common.cuh"

__device__ int g_target;

__global__ void child(int *p) { logValue(*p); }

// Opaque to the compile-time checks: its result's memory space is unknown.
__device__ __noinline__ int *choose(int *a, int *b, int which) {
  return which ? a : b;
}

__global__ void parent(int which) {
  int local = 7;
  __shared__ int shared;
  shared = 8;
  __syncthreads();
  int *fromLocal = choose(&local, &g_target, which);
  int *fromShared = choose(&shared, &g_target, which);
  child<<<1, 1>>>(fromLocal);
  child<<<1, 1>>>(fromShared);
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
  return 0;
}
