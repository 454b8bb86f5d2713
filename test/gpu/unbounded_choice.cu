// --threshold=200 (programs.txt): two parents, each launched from the host
// with 1,024-thread blocks, run a small child serially, so both get
// CDP_RUNTIME_LAUNCH_BOUNDS (`__launch_bounds__(1024)`) and a copy without
// it that host launches take where it fits (UnboundedCopies,
// cdp::unboundedIfLaunchable).
//
// `light`'s child is small: its copy fits, and the host launch takes it.
// `heavy`'s child keeps 96 values live at once; in the launching thread
// that needs more than the 64 registers a 1,024-thread block may have, so
// the copy does not fit, and a launch of it would run nothing. The host
// launch must take the bounded kernel (which spills). Every child thread
// adds a hash to its parent's cell.
#include "common.cuh"

constexpr int kThreads = 2048, kLive = 96, kRounds = 4;
__device__ unsigned g_cells[kThreads];
__device__ unsigned g_in[1024];

__global__ void fillInput() {
  g_in[threadIdx.x] = threadIdx.x * 2654435761u + 12345u;
}

__global__ void smallChild(int cell, int n, unsigned salt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&g_cells[cell], salt ^ (unsigned(i) * 2654435761u));
}

__global__ void heavyChild(int cell, int n, unsigned salt) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned v[kLive];
#pragma unroll
  for (int k = 0; k < kLive; ++k)
    v[k] = g_in[(salt + 37u * k + unsigned(i)) % 1024u] * unsigned(k + 1);
  unsigned s = salt;
#pragma unroll
  for (int k = 0; k < kLive; ++k)
    s = (s * 31u) ^ (v[k] + v[(k * 7 + 3) % kLive]);
  atomicAdd(&g_cells[cell], s);
}

__global__ void light(int round) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  smallChild<<<1, 4, 0, cudaStreamFireAndForget>>>(t, 1 + t % 4, round);
}

__global__ void heavy(int round) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  heavyChild<<<1, 4, 0, cudaStreamFireAndForget>>>(t, 1 + t % 4,
                                                   unsigned(round * 7 + t));
}

__global__ void report() {
  for (int c = 0; c < 128; ++c) {
    unsigned h = 0;
    for (int k = c; k < kThreads; k += 128)
      h = (h ^ g_cells[k]) * 16777619u;
    logValue(int(h));
  }
}

int main() {
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 4 * kThreads);
  fillInput<<<1, 1024>>>();
  for (int round = 0; round < kRounds; ++round) {
    light<<<kThreads / 1024, 1024>>>(round);
    heavy<<<kThreads / 1024, 1024>>>(round);
    cudaDeviceSynchronize();
  }
  report<<<1, 1>>>();
  printLog("unbounded_choice");
}
