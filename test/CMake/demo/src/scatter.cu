// The --optimize part of the demo (-DDEMO_OPTIMIZE=ON): each thread of
// `scatter` launches a small child through the header's device function,
// and one with a barrier and shared memory from its own body.
#include "scatter.h"

#include <demo/scatter.cuh>

__global__ void addRange(int *total, int first, int count) {
  if (threadIdx.x < count)
    atomicAdd(total, first + int(threadIdx.x));
}

__global__ void blockSum(int *total, int first) {
  __shared__ int sum;
  if (threadIdx.x == 0)
    sum = 0;
  __syncthreads();
  atomicAdd(&sum, first + int(threadIdx.x));
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(total, sum);
}

__global__ void scatter(int *total) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  scatterRange(total, t, 1 + t % kScatterWidth);
  if (t % 2)
    blockSum<<<1, kScatterWidth, 0, cudaStreamFireAndForget>>>(total, t);
}

long long scatterExpected() {
  long long sum = 0;
  for (int t = 0; t < kScatterThreads; ++t) {
    for (int i = 0; i < 1 + t % kScatterWidth; ++i)
      sum += t + i;
    for (int i = 0; t % 2 && i < kScatterWidth; ++i)
      sum += t + i;
  }
  return sum;
}
