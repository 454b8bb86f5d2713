// --threshold=200 (programs.txt): serial runs reached by a warp that its
// own branches have split, at different times by each group of its lanes.
//
// The shape of the program fuzzer's seed 3215 (test/fuzz/program_fuzz.py
// --threshold): after an if/else whose branches each make a launch, the
// whole warp runs a small child and a child with barriers serially. The
// two groups of the split warp each share their runs among their own lanes
// (`__activemask()`), and before the runtime let one group of a warp at a
// time into a shared serial run (SplitWarpTurn in cdp/launch.cuh), the
// groups were at times run together again inside one, where a shuffle then
// read another group's grid: an illegal or misaligned address in the
// child's body, or a wrong sum, in 1 to 3 of 14 runs of the seed on an
// H200. Each parent runs many times here. Every child thread adds a hash
// of its indices and arguments to its parent's cell. Also lowered with
// --aggregate=warp (programs.txt, serial_split_warp.warp): there the
// groups of a split warp each aggregate their own launches.
#include "common.cuh"

constexpr int kThreads = 2048, kRounds = 24;
__device__ unsigned long long g_cells[kThreads];

__device__ unsigned long long mix(unsigned long long h, unsigned long long v) {
  return (h ^ v) * 1099511628211ull;
}

__global__ void small(int cell, int salt) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&g_cells[cell], mix(mix(1469598103934665603ull, i), salt));
}

__global__ void guarded(int cell, int n, int salt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  atomicAdd(&g_cells[cell], mix(mix(7, i), salt));
}

template <class T> __global__ void phased(int cell, T salt) {
  __shared__ unsigned long long total;
  __shared__ T mine[64];
  const int i = threadIdx.y * blockDim.x + threadIdx.x;
  if (i == 0)
    total = 0;
  mine[i] = salt + T(i);
  __syncthreads();
  const int next = (i + 1) % int(blockDim.x * blockDim.y);
  atomicAdd(&total, mix(mix(1, mine[next]), i));
  __syncthreads();
  if (i == 0)
    atomicAdd(&g_cells[cell], mix(total, blockIdx.x));
}

__global__ void parent(int round) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 2 == 0)
    small<<<1, 1 + t % 3, 0, cudaStreamFireAndForget>>>(t, round);
  else
    small<<<2, 3, 0, cudaStreamFireAndForget>>>(t, round + 1);
  guarded<<<2, 20, 0, cudaStreamFireAndForget>>>(t, 6 + t % 30, round);
  if (t % 3 == 0)
    small<<<1, 300, 0, cudaStreamFireAndForget>>>(t, round + 2);
  else
    small<<<300, 1, 0, cudaStreamFireAndForget>>>(t, round + 3);
  phased<<<3, dim3(4, 3), 0, cudaStreamFireAndForget>>>(
      t, (long long)(t * 9 + round));
  if (t % 5 == 1)
    phased<<<2, 8, 0, cudaStreamFireAndForget>>>(t, t + round);
}

__global__ void report() {
  for (int c = 0; c < 128; ++c) {
    unsigned long long h = 0;
    for (int k = c; k < kThreads; k += 128)
      h = mix(h, g_cells[k]);
    logValue(int(h ^ (h >> 32)));
  }
}

int main() {
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 4 * kThreads);
  for (int round = 0; round < kRounds; ++round)
    parent<<<kThreads / 1024, 1024>>>(round);
  report<<<1, 1>>>();
  printLog("serial_split_warp");
}
