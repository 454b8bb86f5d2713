// --aggregate=warp and =block (programs.txt): the child's cells are placed
// and valued by functions it calls that read blockDim. Its aggregated copy
// takes batches of one block shape, so that in those functions the
// built-in blockDim is the shape of the launch each block stands for. The
// launches of a warp (and of a block) ask for six block shapes and one or
// two blocks; a batch that mixed shapes would run them in blocks of the
// largest, and the cells would be placed and valued by its shape.
#include "common.cuh"

constexpr int kBlocks = 8, kThreads = 96, kCells = 16;
__device__ int g_cells[kBlocks * kThreads][kCells];

__device__ unsigned threadsPerBlock() { return blockDim.x * blockDim.y; }
__device__ unsigned threadInBlock() {
  return threadIdx.y * blockDim.x + threadIdx.x;
}

__global__ void tile(int *out, int value) {
  const unsigned Cell = blockIdx.x * threadsPerBlock() + threadInBlock();
  out[Cell] = value * 31 + int(threadsPerBlock()) * 7 + int(Cell);
}

__global__ void parent(int salt) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 7 == 3)
    return; // A thread that launches nothing.
  const dim3 Shape(1 + t % 3, 1 + (t / 3) % 2);
  tile<<<1 + t % 2, Shape, 0, cudaStreamFireAndForget>>>(g_cells[t], t + salt);
}

__global__ void report() { logRowHashes(g_cells, kBlocks * kThreads, 32); }

int main() {
  parent<<<kBlocks, kThreads>>>(5);
  report<<<1, 1>>>();
  printLog("callee_block_dim");
}
