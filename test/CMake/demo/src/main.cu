#include "tree.h"
#ifdef DEMO_SCATTER
#include "scatter.h"
#endif

#include <cstdio>

int main() {
  int *sum = nullptr, *seen = nullptr;
  if (cudaMalloc(&sum, sizeof(int)) != cudaSuccess ||
      cudaMalloc(&seen, sizeof(int)) != cudaSuccess) {
    std::printf("no GPU\n");
    return 2;
  }
  cudaMemset(sum, 0, sizeof(int));
  cudaMemset(seen, 0, sizeof(int));
  root<<<1, 1>>>(sum, seen);
  cudaError_t Error = cudaDeviceSynchronize();
  int host = -1;
  cudaMemcpy(&host, seen, sizeof(int), cudaMemcpyDeviceToHost);
  bool ok = Error == cudaSuccess && host == kTreeNodes;
  std::printf("tree nodes %d, seen by the tail launch %d (%s): %s\n",
              kTreeNodes, host, cudaGetErrorString(Error),
              ok ? "PASS" : "FAIL");
#ifdef DEMO_SCATTER
  cudaMemset(sum, 0, sizeof(int));
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 2 * kScatterThreads);
  scatter<<<kScatterThreads / 1024, 1024>>>(sum);
  Error = cudaDeviceSynchronize();
  cudaMemcpy(&host, sum, sizeof(int), cudaMemcpyDeviceToHost);
  const bool scattered = Error == cudaSuccess && host == scatterExpected();
  std::printf("scatter sum %d of %lld (%s): %s\n", host, scatterExpected(),
              cudaGetErrorString(Error), scattered ? "PASS" : "FAIL");
  ok = ok && scattered;
#endif
  return ok ? 0 : 1;
}
