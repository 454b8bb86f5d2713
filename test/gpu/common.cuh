// Shared by the GPU programs: a device-side log the host prints in order,
// so that a program's output is deterministic and comparable.
#pragma once
#include <cstdio>

__device__ int g_log[256];
__device__ int g_log_size;

__device__ void logValue(int v) { g_log[atomicAdd(&g_log_size, 1)] = v; }

/// Logs one hash of each `perValue` rows of `rows[0..count)`, cell by
/// cell: a cell that a child wrote wrong, or never wrote, changes it.
template <int Cells>
__device__ void logRowHashes(const int (*rows)[Cells], int count,
                             int perValue) {
  for (int p = 0; p < count; p += perValue) {
    int hash = 0;
    for (int q = p; q < p + perValue && q < count; ++q)
      for (int i = 0; i < Cells; ++i)
        hash = hash * 31 + rows[q][i];
    logValue(hash);
  }
}

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
