// --aggregate=group (programs.txt): the launches of each group of 4
// consecutive blocks are recorded and made as one when the group's last
// block ends. A parent of 37 blocks (nine groups of 4 and one of 1), of
// which every third block launches nothing, so that some groups have no
// records and some have blocks without them; two children, one with a
// barrier and shared memory (its batch keeps one block shape); then a
// parent of 3 x 5 blocks, whose groups run across its rows. Each launch
// writes cells of its own, so that a launch lost, made twice or given
// another's arguments changes the output.
#include "common.cuh"

constexpr int kBlocks = 37, kThreads = 64;
__device__ int g_cells[kBlocks * kThreads][4];
__device__ int g_sums[kBlocks * kThreads];

__global__ void cell(int *out, int value, int salt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = value * 31 + i * 7 + salt;
}

__global__ void summed(int *out, int value) {
  __shared__ int total;
  if (threadIdx.x == 0)
    total = 0;
  __syncthreads();
  atomicAdd(&total, value + int(threadIdx.x));
  __syncthreads();
  if (threadIdx.x == 0)
    *out = total;
}

__global__ void parent(int salt) {
  const int b = blockIdx.x + gridDim.x * blockIdx.y;
  const int t = b * blockDim.x + threadIdx.x;
  if (b % 3 == 2)
    return; // A block that launches nothing.
  if (t % 5 != 1)
    cell<<<1 + t % 2, 1 + (t / 2) % 2, 0, cudaStreamFireAndForget>>>(g_cells[t],
                                                                     t, salt);
  if (t % 4 == 0)
    summed<<<1, 32 + t % 32, 0, cudaStreamFireAndForget>>>(&g_sums[t],
                                                           t + salt);
}

__global__ void report() {
  for (int p = 0; p < kBlocks * kThreads; p += 256) {
    int cells = 0, sums = 0;
    for (int q = p; q < p + 256 && q < kBlocks * kThreads; ++q) {
      for (int i = 0; i < 4; ++i)
        cells = cells * 31 + g_cells[q][i];
      sums = sums * 17 + g_sums[q];
    }
    logValue(cells);
    logValue(sums);
  }
}

int main() {
  parent<<<kBlocks, kThreads>>>(7);
  report<<<1, 1>>>();
  parent<<<dim3(3, 5), kThreads>>>(11);
  report<<<1, 1>>>();
  printLog("group_launches");
}
