// --threshold=200 (programs.txt): a serial run skips the threads that a
// child's guard returns from at once (`if (i >= n) return;`, or the rest
// of its body inside `if (i < n)`), but only in one-dimensional grids,
// where the x index orders the threads. Bounds below zero, zero, inside
// the grid and past it; a guard that compares in unsigned, where a bound
// below zero sends no thread home; a guard with another test before it;
// 2D blocks, in which threads of every y share an x index; grids above the
// threshold launched beside small ones. Each thread that gets past its
// guard adds a hash of its indices to its parent's cell, so that a thread
// skipped, run twice or given another grid's bound changes the output.
// The cells and a salt are the parent kernel's parameters, which every
// lane passes the same (sameArguments): the serial run takes them from the
// lane itself.
#include "common.cuh"

__device__ unsigned g_cells[128];

/// A hash of a thread's indices (passed in: a function of the child's that
/// read them itself would keep it from running serially).
__device__ unsigned hashOf(int parent, unsigned salt, uint3 block,
                           uint3 thread, dim3 grid, dim3 size) {
  unsigned linear = ((block.z * grid.y + block.y) * grid.x + block.x) *
                        (size.x * size.y * size.z) +
                    (thread.z * size.y + thread.y) * size.x + thread.x;
  return (linear + 1) * 2654435761u ^ salt * 40503u ^ unsigned(parent);
}
#define HASH(parent, salt)                                                     \
  hashOf(parent, salt, blockIdx, threadIdx, gridDim, blockDim)

struct Range {
  int first, count;
  __device__ int size() const { return count - first; }
};

/// Returns at once past `limit` (an int, as most kernels write it).
__global__ void signedGuard(unsigned *cells, int parent, int limit) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= limit)
    return;
  atomicAdd(&cells[parent], HASH(parent, 1));
}

/// Compares in unsigned: a negative limit is a large one.
__global__ void unsignedGuard(int parent, int limit, unsigned *cells) {
  unsigned i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= limit)
    return;
  atomicAdd(&cells[parent], HASH(parent, 2));
}

/// The rest of the body inside the guard; the bound from an accessor.
__global__ void wrappedGuard(int parent, Range range, unsigned salt) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (parent >= 0 && i < range.size())
    atomicAdd(&g_cells[parent], HASH(parent, salt));
}

__global__ void parent(unsigned *cells, unsigned salt) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 7 == 0)
    return; // These lanes launch nothing.
  int limit = t % 9 - 3; // -3 to 5.
  if (t % 5 == 0)
    limit = 40 + t; // Past the grid.
  dim3 grid(1 + t % 3), block(1 + t % 6);
  if (t % 4 == 1)
    block.y = 2; // Every y shares an x index: nothing is skipped.
  if (t % 13 == 0)
    grid.x = 30; // Above the threshold: launched.
  signedGuard<<<grid, block, 0, cudaStreamFireAndForget>>>(cells, t, limit);
  unsignedGuard<<<grid, block, 0, cudaStreamFireAndForget>>>(t, limit, cells);
  // Two launches of one child whose salt is the same in every lane of
  // each, but not across them: lanes of both may run the child together.
  if (t % 2)
    wrappedGuard<<<grid, block, 0, cudaStreamFireAndForget>>>(
        t, Range{t % 3, limit}, salt + 1);
  else
    wrappedGuard<<<grid, block, 0, cudaStreamFireAndForget>>>(
        t, Range{t % 3, limit}, salt + 5);
}

__global__ void report() {
  for (int c = 0; c < 128; ++c)
    logValue(int(g_cells[c]));
}

int main() {
  unsigned *cells;
  cudaGetSymbolAddress((void **)&cells, g_cells);
  parent<<<2, 64>>>(cells, 2);
  report<<<1, 1>>>();
  printLog("serial_guard");
}
