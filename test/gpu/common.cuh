// Shared by the GPU programs: a device-side log the host prints in order,
// so that a program's output is deterministic and comparable.
#pragma once
#include <cstdio>

__device__ int g_log[256];
__device__ int g_log_size;

__device__ void logValue(int v) { g_log[atomicAdd(&g_log_size, 1)] = v; }

inline void printLog(const char *name) {
  cudaError_t err = cudaDeviceSynchronize();
  int size = 0, log[256];
  cudaMemcpyFromSymbol(&size, g_log_size, sizeof size);
  cudaMemcpyFromSymbol(log, g_log, sizeof log);
  printf("%s: %s, %d values:", name, cudaGetErrorName(err), size);
  for (int i = 0; i < size && i < 256; ++i)
    printf(" %d", log[i]);
  printf("\n");
}
