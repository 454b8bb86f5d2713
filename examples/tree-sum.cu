// Recursive parallel sum with CUDA Dynamic Parallelism.
//
// Each grid halves its range into two child grids (fire-and-forget) until a
// range is small enough for one block; the root grid's tail launch prints
// the result once the whole tree of grids has finished.
#include <cstdio>

__device__ unsigned long long g_sum;

__global__ void report(int n) {
  printf("sum of 0..%d = %llu\n", n - 1, g_sum);
}

__global__ void sumRange(const int *data, int begin, int end, int depth) {
  int count = end - begin;
  if (count <= 4096 || depth == 10) {
    unsigned long long local = 0;
    for (int i = begin + threadIdx.x; i < end; i += blockDim.x)
      local += data[i];
    atomicAdd(&g_sum, local);
    return;
  }
  if (threadIdx.x == 0) {
    int mid = begin + count / 2;
    sumRange<<<1, 256, 0, cudaStreamFireAndForget>>>(data, begin, mid, depth + 1);
    sumRange<<<1, 256, 0, cudaStreamFireAndForget>>>(data, mid, end, depth + 1);
  }
}

__global__ void root(const int *data, int n) {
  sumRange<<<1, 256>>>(data, 0, n, 0);
  report<<<1, 1, 0, cudaStreamTailLaunch>>>(n);
}

int main() {
  const int n = 1 << 20;
  int *data;
  cudaMallocManaged(&data, n * sizeof(int));
  for (int i = 0; i < n; ++i)
    data[i] = i;
  root<<<1, 1>>>(data, n);
  cudaError_t err = cudaDeviceSynchronize();
  unsigned long long sum = 0;
  cudaMemcpyFromSymbol(&sum, g_sum, sizeof sum);
  unsigned long long expected = (unsigned long long)n * (n - 1) / 2;
  printf("%s: %s\n", cudaGetErrorString(err), sum == expected ? "correct" : "WRONG");
  cudaFree(data);
  return sum == expected ? 0 : 1;
}
