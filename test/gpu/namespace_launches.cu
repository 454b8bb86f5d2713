// Launches of kernels declared in other namespaces than their parents: a
// kernel of many parameters (its lowered launches name it through an
// alias, one per namespace that launches it), one in an anonymous and one
// in an inline namespace, and one reached through a using-directive.
// programs.txt lowers it plain, aggregated by warp and by grid, under
// --threshold and coarsened. Each thread adds its weights through child
// grids; the host logs the sums, so a launch lost, doubled or given
// another thread's arguments logs other values.
#include "common.cuh"

namespace kernels {
__global__ void weigh(int *sums, int slot, int length, int a, int b, int c,
                      int d) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < length)
    atomicAdd(&sums[slot], a + b * i + c * (i % 3) + d);
}

namespace {
__global__ void count(int *sums, int slot, int length) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < length)
    atomicAdd(&sums[slot], 1);
}
} // namespace

inline namespace v1 {
__global__ void square(int *sums, int slot, int length) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < length)
    atomicAdd(&sums[slot], i * i % 101);
}
} // namespace v1

__global__ void countAll(int *sums) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int length = t % 97 + 1;
  count<<<(length + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(sums, 1,
                                                                 length);
}
} // namespace kernels

namespace app {
namespace inner {
__global__ void weighAll(int *sums) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int length = t % 61 + 1;
  kernels::weigh<<<(length + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(
      sums, 0, length, t, 2, 3, 4);
  kernels::square<<<(length + 63) / 64, 64, 0, cudaStreamFireAndForget>>>(
      sums, 2, length);
}
} // namespace inner
} // namespace app

namespace other {
__global__ void weighAll(int *sums) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int length = t % 37 + 1;
  kernels::weigh<<<(length + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(
      sums, 3, length, 1, t % 5, 7, 9);
}
} // namespace other

using namespace kernels;
__global__ void weighTop(int *sums) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  weigh<<<1, 32, 0, cudaStreamFireAndForget>>>(sums, 4, t % 32 + 1, t, 1, 1,
                                               1);
}

__global__ void logSums(const int *sums) {
  for (int i = 0; i < 5; ++i)
    logValue(sums[i]);
}

int main() {
  int *sums;
  cudaMalloc(&sums, 5 * sizeof(int));
  cudaMemset(sums, 0, 5 * sizeof(int));
  app::inner::weighAll<<<4, 128>>>(sums);
  other::weighAll<<<4, 128>>>(sums);
  kernels::countAll<<<4, 128>>>(sums);
  weighTop<<<2, 128>>>(sums);
  cudaDeviceSynchronize();
  logSums<<<1, 1>>>(sums);
  printLog("namespace_launches");
  return 0;
}
