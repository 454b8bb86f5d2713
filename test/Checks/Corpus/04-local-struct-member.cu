// One bad device-runtime use, for the nvcc comparison (docs/checks.md).
#include <cuda_runtime.h>
__device__ int g[64];
__global__ void child(int *p) {}
struct S { int v; int w[4]; };
__global__ void parent() {
  S s;
  child<<<1, 1>>>(&s.v);
}
