// One bad device-runtime use, for the nvcc comparison (docs/checks.md).
#include <cuda_runtime.h>
__device__ int g[64];
__global__ void child(int *p) {}
struct Span { int *data; int n; };
__global__ void takesSpan(Span s) {}
__global__ void parent() {
  int a[8];
  Span s = {a, 8};
  takesSpan<<<1, 1>>>(s);
}
