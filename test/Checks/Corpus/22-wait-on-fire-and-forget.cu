// One bad device-runtime use, for the nvcc comparison (docs/checks.md).
#include <cuda_runtime.h>
__device__ int g[64];
__global__ void child(int *p) {}
__global__ void parent(cudaEvent_t e) {
  cudaStreamWaitEvent(cudaStreamFireAndForget, e, 0);
}
