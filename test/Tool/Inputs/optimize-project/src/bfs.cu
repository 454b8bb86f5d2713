#include "shared.h"

__global__ void visit(const int *edges, int first, int degree, int *seen) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= degree)
    return;
  atomicAdd(&seen[edges[first + e]], 1);
}

__global__ void expand(const int *offsets, const int *edges, int n, int *seen) {
  const int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n)
    return;
  const int degree = offsets[v + 1] - offsets[v];
  if (degree > 0)
    visit<<<(degree + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(
        edges, offsets[v], degree, seen);
}
