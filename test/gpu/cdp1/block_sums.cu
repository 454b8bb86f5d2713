// CDP1: one thread per block launches a child that fills the block's part
// of the data, waits for it, and the whole block, after __syncthreads(),
// reduces what the child wrote in shared memory. Prints "block_sums: OK"
// when every block's sum is the host's.
#include <cstdio>
#include <vector>

constexpr int Threads = 256, Blocks = 64;

__global__ void fill(float *data, int first) {
  data[threadIdx.x] = (float)((first + threadIdx.x) % 97);
}

__global__ void blockSums(float *data, float *sums) {
  __shared__ float partial[Threads];
  int first = blockIdx.x * blockDim.x;
  if (threadIdx.x == 0) {
    fill<<<1, blockDim.x>>>(data + first, first);
    cudaDeviceSynchronize();
  }
  __syncthreads();
  partial[threadIdx.x] = 2.0f * data[first + threadIdx.x];
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride)
      partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    sums[blockIdx.x] = partial[0];
}

int main() {
  float *data, *sums;
  cudaMalloc(&data, Blocks * Threads * sizeof(float));
  cudaMalloc(&sums, Blocks * sizeof(float));
  cudaMemset(data, 0, Blocks * Threads * sizeof(float));
  blockSums<<<Blocks, Threads>>>(data, sums);
  cudaError_t status = cudaDeviceSynchronize();
  std::vector<float> got(Blocks);
  cudaMemcpy(got.data(), sums, Blocks * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int b = 0; b < Blocks; ++b) {
    float expected = 0;
    for (int t = 0; t < Threads; ++t)
      expected += 2.0f * ((b * Threads + t) % 97);
    wrong += got[b] != expected;
  }
  if (status != cudaSuccess || wrong) {
    printf("block_sums: FAIL (%s): %d blocks wrong\n",
           cudaGetErrorString(status), wrong);
    return 1;
  }
  printf("block_sums: OK, %d blocks of %d\n", Blocks, Threads);
  return 0;
}
