// Shared by the run-time check programs (runtime_checks.cu,
// checked_aggregation.cu): a child that logs what its pointer points to,
// and pointers whose memory space the compile-time checks cannot see, so
// that only the GPU can tell where they point.
#pragma once
#include "common.cuh"

__device__ int g_target;

__global__ void child(int *p) { logValue(*p); }

// Opaque to the compile-time checks: its result's memory space is unknown.
__device__ __noinline__ int *choose(int *a, int *b, int which) {
  return which ? a : b;
}
