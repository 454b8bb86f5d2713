// Run-time pointer checks (cdp-lower --runtime-checks): the pointers come
// through a function the checks cannot see into, so only the GPU can tell
// where they point. Lowered with the checks, the launches given local or
// shared memory are skipped and reported once per site; the launch given
// global memory runs. (Built as written, the bad launches are undefined
// behaviour; runtime_checks.expected holds the lowered output only.)
#include "opaque_pointers.cuh"

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

// Every thread skips launches: with the checks, a skipped launch must take
// nothing from the device runtime (a buffer taken and never launched counts
// as pending: about 2,048 of them made every later launch fail).
constexpr int kFloodBlocks = 100, kFloodThreads = 256, kFloodPerThread = 4;

__global__ void flood() {
  int local = 1;
  int *p = choose(&local, &g_target, 1);
  for (int i = 0; i < kFloodPerThread; ++i)
    child<<<1, 1>>>(p);
}

__global__ void afterFlood() { child<<<1, 1>>>(&g_target); }

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
  flood<<<kFloodBlocks, kFloodThreads>>>();
  cudaDeviceSynchronize();
  afterFlood<<<1, 1>>>(); // Still launches: 1 child logs 5.
  char name[64];
  snprintf(name, sizeof name, "after %d skipped launches",
           kFloodBlocks * kFloodThreads * kFloodPerThread);
  printLog(name);
  return 0;
}
