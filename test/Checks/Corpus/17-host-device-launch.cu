// One bad device-runtime use, for the nvcc comparison (README).
#include <cuda_runtime.h>
__device__ int g[64];
__global__ void child(int *p) {}
__host__ __device__ void both() {
  child<<<1, 1>>>(g);
}
