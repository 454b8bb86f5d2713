// --threshold=200 (programs.txt): a child run serially whose own threads
// launch children that are run serially too, from a warp that its own
// branch has split.
//
// The parent's odd threads return, so the even lanes of each warp run
// `middle` as one group, holding the warp's serial turn (SplitWarpTurn in
// cdp/launch.cuh). Inside that run some of the lanes launch `leaf` and
// `phased`: a group of lanes of the group that holds the turn. Before such
// a group ran its grids alone, it waited for the turn its own lanes held:
// the program hung on an H200. `whole` launches from every lane of the
// run, the group that holds the turn, which shares its run again.
// Every child thread adds a hash of its indices and arguments to its
// parent's cell.
#include "common.cuh"

constexpr int kThreads = 2048, kRounds = 8;
__device__ unsigned long long g_cells[kThreads];

__device__ unsigned long long mix(unsigned long long h, unsigned long long v) {
  return (h ^ v) * 1099511628211ull;
}

__global__ void leaf(int cell, int n, int salt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&g_cells[cell], mix(mix(3, i), salt));
}

__global__ void phased(int cell, int salt) {
  __shared__ unsigned long long total;
  if (threadIdx.x == 0)
    total = 0;
  __syncthreads();
  atomicAdd(&total, mix(mix(5, threadIdx.x), salt));
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(&g_cells[cell], mix(total, blockIdx.x));
}

__global__ void whole(int cell, int salt) {
  atomicAdd(&g_cells[cell], mix(mix(7, threadIdx.x), salt));
}

__global__ void middle(int cell, int n, int salt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (i % 3 == 0)
    leaf<<<1, 4, 0, cudaStreamFireAndForget>>>(cell, i + 2, salt + i);
  if (i % 4 == 1)
    phased<<<2, 8, 0, cudaStreamFireAndForget>>>(cell, salt * 3 + i);
  whole<<<1, 2, 0, cudaStreamFireAndForget>>>(cell, salt + 2 * i);
}

__global__ void parent(int round) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 2)
    return;
  middle<<<1, 8, 0, cudaStreamFireAndForget>>>(t, 5 + t % 4, round);
}

__global__ void report() {
  // The cells of the even threads, which launched.
  for (int c = 0; c < 128; ++c) {
    unsigned long long h = 0;
    for (int k = 2 * c; k < kThreads; k += 256)
      h = mix(h, g_cells[k]);
    logValue(int(h ^ (h >> 32)));
  }
}

int main() {
  // As written, every round has 1,024 launches of `middle` pending and up
  // to 8 of `leaf`, `phased` and `whole` each for every one of them.
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 32 * kThreads);
  for (int round = 0; round < kRounds; ++round) {
    parent<<<kThreads / 1024, 1024>>>(round);
    cudaDeviceSynchronize();
  }
  report<<<1, 1>>>();
  printLog("serial_nested");
}
