// --threshold=200 (programs.txt): children with `__syncthreads();`
// statements and shared memory run in the launching warp phase by phase,
// each block's shared memory in a slot of global memory. A template child
// that reverses its block through a shared tile (the thread index, read
// after the barrier, is declared again there); one that sums into a shared
// counter with atomics (as a long-row SpMV child does; past 2^64) in three
// phases, on blocks of two dimensions; one that sums into a shared int past its range
// and counts into a shared unsigned (each lane adds up its part alone);
// one with shared memory and no barrier. Lanes
// of one warp launch grids of different shapes, some above the threshold
// (launched), and every block of the parent holds slots at once. Each
// result lands in a cell of its own, so that a thread run twice, a phase
// run out of order or a slot shared by two warps changes the output.
#include "common.cuh"

constexpr int kParents = 256;

__device__ int g_reversed[kParents][256];
__device__ unsigned long long g_sums[kParents];
__device__ int g_doubled[kParents][64];
__device__ int g_wrapped[kParents];

/// Block b reverses elements b*blockDim.x ... of its row.
template <class T>
__global__ void reverse(T *row, int salt) {
  __shared__ T tile[64];
  int t = threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  tile[t] = row[base + t] + salt;
  __syncthreads();
  row[base + t] = tile[blockDim.x - 1 - t];
}

/// Sums a function of every thread's indices into a shared counter, which
/// the block's first thread clears and the first thread of each row adds
/// to the parent's cell.
__global__ void countIn(unsigned long long *sum, int parent) {
  __shared__ unsigned long long counter;
  __shared__ int seen[2];
  const unsigned linear = threadIdx.y * blockDim.x + threadIdx.x;
  if (linear == 0) {
    counter = 0;
    seen[0] = seen[1] = 0;
  }
  __syncthreads();
  // Past 2^64, so that every 16-bit piece of the lanes' sums carries
  // (cdp::serial::sumOverLanes).
  const unsigned long long big = 0xfedcba9876543210ull * (linear + 1);
  atomicAdd(&counter, (unsigned long long)(linear + 1) * (blockIdx.x + 3) *
                          (parent + 1) + big);
  atomicAdd(&seen[threadIdx.y % 2], 1);
  __syncthreads();
  // Only threads of x index 0, one per row of the block (phasesAtXZero).
  if (threadIdx.x == 0)
    atomicAdd(sum, counter * 1000003ull + seen[0] * 31 + seen[1] +
                       threadIdx.y * 7);
}

/// Sums into a shared int past its range (the sum wraps, as the atomics'
/// does) and counts into a shared unsigned, in a phase that only adds to
/// them: a serial run adds up each lane's part alone (LaneSums.h).
__global__ void wrapping(int *cell, int parent) {
  __shared__ int total;
  __shared__ unsigned count;
  if (threadIdx.x == 0) {
    total = parent;
    count = 0;
  }
  __syncthreads();
  atomicAdd(&total, 0x3fffffff + int(threadIdx.x) * parent);
  if (threadIdx.x % 3 == 0)
    atomicAdd(&count, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(cell, total ^ int(count * 977));
}

/// Shared memory without a barrier: each thread reads its own element.
__global__ void doubled(int *cells, int parent) {
  __shared__ int mine[64];
  mine[threadIdx.x] = parent * 100 + threadIdx.x;
  atomicAdd(&cells[threadIdx.x], 2 * mine[threadIdx.x] + int(blockIdx.x));
}

__global__ void parent() {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 5 == 3)
    return; // These lanes launch nothing.
  const int width = 8 << (t % 4); // 8 to 64 threads a block.
  const int blocks = 128 / width;
  for (int i = 0; i < 256; ++i)
    g_reversed[t][i] = i * 7 + t;
  // t % 9 == 0: 32 blocks of 8, the whole row, above the threshold.
  reverse<<<t % 9 == 0 ? 32 : blocks, t % 9 == 0 ? 8 : width, 0,
            cudaStreamFireAndForget>>>(g_reversed[t], t);
  dim3 block(1 + t % 7, 1 + t % 3);
  countIn<<<1 + t % 4, t % 11 == 0 ? dim3(16, 16) : block, 0,
            cudaStreamFireAndForget>>>(&g_sums[t], t);
  wrapping<<<1 + t % 2, 32 + t % 40, 0, cudaStreamFireAndForget>>>(
      &g_wrapped[t], t);
  if (t % 2)
    doubled<<<1 + t % 3, 1 + t % 64, 0, cudaStreamFireAndForget>>>(
        g_doubled[t], t);
}

__global__ void report() {
  for (int p = 0; p < kParents; p += 16) {
    int reversed = 0, twice = 0, wrapped = 0;
    unsigned long long sums = 0;
    for (int q = p; q < p + 16; ++q) {
      for (int i = 0; i < 256; ++i)
        reversed = reversed * 31 + g_reversed[q][i];
      for (int i = 0; i < 64; ++i)
        twice = twice * 17 + g_doubled[q][i];
      sums = sums * 1000033ull + g_sums[q];
      wrapped = wrapped * 13 + g_wrapped[q];
    }
    logValue(reversed);
    logValue(twice);
    logValue(int(sums ^ (sums >> 32)));
    logValue(wrapped);
  }
}

int main() {
  parent<<<kParents / 64, 64>>>();
  report<<<1, 1>>>();
  printLog("serial_phases");
}
