// --coarsen=3 (programs.txt): children whose blocks each run up to three
// blocks asked for. A block reduction (shared memory, barriers) over grids
// that 3 divides and that it does not, a 2D grid, a child that reads
// gridDim, one that launches itself, and two launches into one stream whose
// second reads what the first wrote: the coarsened program must print what
// the one as written prints.
#include "common.cuh"

__device__ int g_data[4096];
__device__ int g_sums[64];

__global__ void blockSums(int n) {
  __shared__ int partial[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? g_data[i] : 0;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half)
      partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    g_sums[blockIdx.x] = partial[0];
}

__global__ void total(int blocks) {
  int sum = 0;
  for (int b = 0; b < blocks; ++b)
    sum += g_sums[b] * (b + 1);
  logValue(sum);
}

// Every block of a 2D grid counts itself where gridDim says it is.
__device__ int g_seen[256];
__global__ void mark() {
  int cell = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
  atomicAdd(&g_seen[cell], cell + 1);
}

__global__ void sumSeen(int cells) {
  int sum = 0;
  for (int c = 0; c < cells; ++c)
    sum += g_seen[c] * (c % 7 + 1);
  logValue(sum);
}

// Launches itself: each level has half the blocks of the one before.
__device__ int g_levels[8];
__global__ void level(int depth, int blocks) {
  if (threadIdx.x == 0)
    atomicAdd(&g_levels[depth], blockIdx.x + 1);
  if (depth < 5 && blockIdx.x == 0 && threadIdx.x == 0)
    level<<<blocks / 2 + 1, 32>>>(depth + 1, blocks / 2 + 1);
}

__global__ void reportLevels() {
  for (int d = 0; d < 6; ++d)
    logValue(g_levels[d]);
}

__global__ void root() {
  for (int i = 0; i < 4096; ++i)
    g_data[i] = i % 13 - 6;
  // Into the launching block's stream, one after another: the sums of
  // 1,000 values (16 blocks, not a multiple of 3), then their total.
  blockSums<<<16, 64>>>(1000);
  total<<<1, 1>>>(16);
  blockSums<<<63, 64>>>(4000);
  total<<<1, 1>>>(63);
  mark<<<dim3(5, 3), 16>>>();
  sumSeen<<<1, 1>>>(5 * 3 * 16);
  level<<<20, 32>>>(0, 20);
  reportLevels<<<1, 1, 0, cudaStreamTailLaunch>>>();
}

int main() {
  root<<<1, 1>>>();
  printLog("coarsened_blocks");
}
