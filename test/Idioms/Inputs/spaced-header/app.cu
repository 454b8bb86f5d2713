#include "bfs_gpu.h"

int main() {
  int *levels;
  cudaMalloc(&levels, 1024 * sizeof(int));
  cudaMemset(levels, 0xff, 1024 * sizeof(int));
  bfs<<<1, 32>>>(levels, 0, 1024);
  return cudaDeviceSynchronize() != cudaSuccess;
}
