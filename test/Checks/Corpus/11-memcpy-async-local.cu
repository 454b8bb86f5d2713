// One bad device-runtime use, for the nvcc comparison (docs/checks.md).
#include <cuda_runtime.h>
__device__ int g[64];
__global__ void child(int *p) {}
__global__ void parent() {
  int a[8];
  cudaMemcpyAsync(g, a, sizeof a, cudaMemcpyDeviceToDevice, 0);
}
