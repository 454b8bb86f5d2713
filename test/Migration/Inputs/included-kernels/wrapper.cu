#include <cstdio>
#include "kernels.cu"

int main() {
  int *dist, *done;
  cudaMalloc(&dist, 4 * 32 * sizeof(int));
  cudaMalloc(&done, 4 * sizeof(int));
  cudaMemset(dist, 0, 4 * 32 * sizeof(int));
  expand<<<1, 4>>>(dist, done);
  int first[4];
  cudaMemcpy(first, done, sizeof first, cudaMemcpyDeviceToHost);
  std::printf("%d %d %d %d\n", first[0], first[1], first[2], first[3]);
  return 0;
}
