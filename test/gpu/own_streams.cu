// --aggregate=block and --threshold=200 (programs.txt): each thread makes
// four streams of its own, as CDP1-era graph codes do, and launches into
// one of them once. Such a stream orders no grid after another, so the
// launches are aggregated (and run serially) as fire-and-forget ones; the
// children write every cell the program prints, so a launch dropped or
// run with another thread's arguments shows.
#include "common.cuh"

constexpr int kBlocks = 8, kThreads = 96, kCells = 40;
__device__ int g_cells[kBlocks * kThreads][kCells];

__global__ void fill(int *out, int value, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    out[i] = value * 17 + i;
}

__global__ void parent(int salt) {
  cudaStream_t s[4];
  for (int i = 0; i < 4; ++i)
    cudaStreamCreateWithFlags(&s[i], cudaStreamNonBlocking);
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int count = 1 + (t * 7) % kCells;
  if (t % 5 != 2)
    fill<<<(count + 15) / 16, 16, 0, s[threadIdx.x % 4]>>>(g_cells[t], t + salt,
                                                           count);
  for (int i = 0; i < 4; ++i)
    cudaStreamDestroy(s[i]);
}

__global__ void report() { logRowHashes(g_cells, kBlocks * kThreads, 32); }

int main() {
  parent<<<kBlocks, kThreads>>>(5);
  report<<<1, 1>>>();
  printLog("own_streams");
}
