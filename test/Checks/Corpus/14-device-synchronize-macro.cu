// One bad device-runtime use, for the nvcc comparison (docs/checks.md).
#include <cuda_runtime.h>
__device__ int g[64];
__global__ void child(int *p) {}
#define WAIT() cudaDeviceSynchronize()
__global__ void parent() {
  child<<<1, 1>>>(g);
  WAIT();
  g[0] = 1;
}
