#pragma once
#include <cstdio>

static inline int finishDevice(int size) {
  if (cudaThreadSynchronize() != cudaSuccess) {
    std::printf("failed at %d\n", size);
    return 1;
  }
  return 0;
}
