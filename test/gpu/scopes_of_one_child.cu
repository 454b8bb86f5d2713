// Two aggregation scopes of one child's launches in one kernel, lowered by
// block and by grid (programs.txt).
//
// The program fuzzer's seed 7419 named one child `::fz::kids::child1` in
// some launches and `fz::kids::child1` in others, and its build aggregated
// by block declared a scope for each spelling: two objects of one type,
// whose state the runtime keeps in one __shared__ variable of that type.
// Each thread's exit then counted twice, and the block's records were
// launched while slow warps still made theirs (wrong and missing results,
// H200). cdp-lower now gives one child one scope however it is named, and
// in a template, where `child<T>` and `child<int>` are one type in the
// instance T = int, numbers the second scope's type apart
// (`BlockScope<child_aggregated<int>, 2>`).
#include "common.cuh"

namespace work {
__global__ void mark(int *cells, int cell, int value) {
  atomicAdd(&cells[cell], value * int(threadIdx.x + 1));
}
} // namespace work

template <class T> __global__ void markAs(T *cells, int cell, T value) {
  atomicAdd(&cells[cell], value + T(threadIdx.x));
}

/// Warps that reach the launches at different times: the fast ones leave
/// while slow ones still record.
__device__ void spinByWarp(int spin) {
  long long until = clock64() + (threadIdx.x / 32 % 4) * spin;
  while (clock64() < until) {
  }
}

__global__ void namedTwice(int *cells, int spin) {
  const int t = threadIdx.x, base = blockIdx.x * 2048;
  work::mark<<<1, 4, 0, cudaStreamFireAndForget>>>(cells, base + t, 1);
  spinByWarp(spin);
  if (t % 2)
    ::work::mark<<<1, 4, 0, cudaStreamFireAndForget>>>(cells, base + 1024 + t,
                                                       3);
  else
    work::mark<<<1, 4, 0, cudaStreamFireAndForget>>>(cells, base + 1024 + t, 5);
}

template <class T> __global__ void ofTwoNames(T *cells, int *more, int spin) {
  const int t = threadIdx.x, base = blockIdx.x * 1024;
  markAs<T><<<1, 2, 0, cudaStreamFireAndForget>>>(cells, base + t, T(t % 5));
  spinByWarp(spin);
  if (t % 3 == 0)
    markAs<int><<<1, 2, 0, cudaStreamFireAndForget>>>(more, base + t, 7);
}

__global__ void total(const int *cells, int n, int per) {
  for (int p = 0; p < n; p += per) {
    int hash = 0;
    for (int i = p; i < p + per; ++i)
      hash = hash * 31 + cells[i];
    logValue(hash);
  }
}

int main() {
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 16384);
  const int n = 4 * 2048;
  int *cells, *more, *other;
  cudaMalloc(&cells, n * sizeof(int));
  cudaMalloc(&more, n * sizeof(int));
  cudaMalloc(&other, n * sizeof(int));
  cudaMemset(cells, 0, n * sizeof(int));
  cudaMemset(more, 0, n * sizeof(int));
  cudaMemset(other, 0, n * sizeof(int));
  namedTwice<<<4, 1024>>>(cells, 20000);
  ofTwoNames<int><<<4, 1024>>>(more, other, 20000);
  cudaDeviceSynchronize();
  total<<<1, 1>>>(cells, n, 1024);
  total<<<1, 1>>>(more, 4 * 1024, 1024);
  total<<<1, 1>>>(other, 4 * 1024, 1024);
  printLog("scopes_of_one_child");
  cudaFree(cells);
  cudaFree(more);
  cudaFree(other);
}
