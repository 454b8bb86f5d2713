// CDP1: a sum tree. Each parent splits its range between two children,
// waits for them with cudaDeviceSynchronize() and adds their sums.
// Prints "sum_tree: OK" when the GPU's sum is the host's.
#include <cstdio>
#include <vector>
#include "tree.cuh"

constexpr int Leaf = 64;

__global__ void sumTree(const int *in, int n, long long *out) {
  if (n <= Leaf) {
    long long sum = 0;
    for (int i = 0; i < n; ++i)
      sum += in[i];
    *out = sum;
    return;
  }
  long long *partial = (long long *)malloc(2 * sizeof(long long));
  int half = n / 2;
  sumTree<<<1, 1>>>(in, half, partial);
  sumTree<<<1, 1>>>(in + half, n - half, partial + 1);
  cudaDeviceSynchronize();
  *out = partial[0] + partial[1];
  free(partial);
}

int main() {
  const int n = 12345;
  std::vector<int> host(n);
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    host[i] = (i * 7919) % 1000 - 500;
    expected += host[i];
  }
  int *in;
  long long *out;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, sizeof(long long));
  cudaMemcpy(in, host.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, 10);
  sumTree<<<1, 1>>>(in, n, out);
  cudaError_t status = cudaThreadSynchronize();
  long long sum = 0;
  cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
  if (status != cudaSuccess || sum != expected) {
    printf("sum_tree: FAIL (%s): %lld, expected %lld\n",
           cudaGetErrorString(status), sum, expected);
    return 1;
  }
  printf("sum_tree: OK, %d values sum to %lld\n", n, sum);
  return 0;
}
