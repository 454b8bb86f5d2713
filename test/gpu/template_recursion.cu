// --aggregate=block and =warp (programs.txt): a kernel template that
// launches itself, named by its own template parameters, as NVIDIA's
// quadtree sample does, with a block of cooperative groups (its own
// group, a warp tile, their shuffles and barriers, the group of a warp's
// active lanes, counted by libdevice). Its aggregated copy
// is a template too, and each instance launches its own instance's copy:
// two instances, of other block sizes and leaf sizes, sum the same array
// each into its own total, with every level's launches aggregated.
#include "common.cuh"
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

constexpr int kElements = 1 << 16;
__device__ int g_values[kElements];
__device__ int g_totals[2];
__device__ int g_leaves[2];
__device__ int g_active[2];

/// Halves [begin, end) until a half has at most Leaf elements; each leaf's
/// block adds its sum to g_totals[Slot].
template <int Threads, int Leaf, int Slot>
__global__ void split(int begin, int end) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ int sums[Threads / 32];
  const int half = (end - begin) / 2;
  const int from = blockIdx.x ? begin + half : begin;
  const int to = blockIdx.x ? end : begin + half;
  if (to - from > Leaf) {
    if (block.thread_rank() == 0)
      split<Threads, Leaf, Slot><<<2, Threads, 0, cudaStreamFireAndForget>>>(
          from, to);
    return;
  }
  if (block.thread_rank() % 32 < 5) {
    cg::coalesced_group active = cg::coalesced_threads();
    if (active.thread_rank() == 0)
      atomicAdd(&g_active[Slot], active.size());
  }
  int sum = 0;
  for (int i = from + block.thread_rank(); i < to; i += block.size())
    sum += g_values[i] * (1 + i % 7);
  for (int offset = 16; offset > 0; offset /= 2)
    sum += warp.shfl_down(sum, offset);
  if (warp.thread_rank() == 0)
    sums[warp.meta_group_rank()] = sum;
  block.sync();
  if (block.thread_rank() == 0) {
    for (int w = 1; w < Threads / 32; ++w)
      sum += sums[w];
    atomicAdd(&g_totals[Slot], sum);
    atomicAdd(&g_leaves[Slot], 1);
  }
}

__global__ void fill() {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < kElements;
       i += gridDim.x * blockDim.x)
    g_values[i] = (i * 2654435761u) >> 24;
}

__global__ void report() {
  for (int Slot = 0; Slot < 2; ++Slot) {
    logValue(g_totals[Slot]);
    logValue(g_leaves[Slot]);
    logValue(g_active[Slot]);
  }
}

int main() {
  fill<<<64, 256>>>();
  split<128, 1000, 0><<<2, 128>>>(0, kElements);
  split<64, 300, 1><<<2, 64>>>(0, kElements);
  report<<<1, 1>>>();
  cudaDeviceSynchronize();
  printLog("template_recursion");
}
