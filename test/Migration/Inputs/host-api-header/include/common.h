// A project header as Lonestar's common.h writes it: host code that calls
// the cudaThread* API, which CUDA 13 removed.
#pragma once
#include <cstdio>

static inline int finishDevice() {
  if (cudaThreadSynchronize() != cudaSuccess) {
    std::printf("failed\n");
    return 1;
  }
  return 0;
}
