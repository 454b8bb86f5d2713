// --threshold=200 (programs.txt): small children run in the launching warp,
// their threads packed across the lanes that launch together. Grids and
// blocks of one to three dimensions and of different sizes in one warp,
// lanes that launch nothing (a sparse mask), launches in a loop whose trip
// count differs per lane, grids above the threshold launched beside small
// ones, and a struct argument of odd size: each child thread adds a hash of
// its indices and arguments to its parent's cell, so that a thread run
// twice, skipped or given another grid's arguments changes the output.
#include "common.cuh"

struct Odd {
  char Tag;
  double Scale;
  short Id;
};

__device__ unsigned g_cells[128];

__global__ void child(int parent, Odd odd, int round) {
  unsigned linear =
      ((blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x) *
          (blockDim.x * blockDim.y * blockDim.z) +
      (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  unsigned shape = ((gridDim.x * 7 + gridDim.y) * 7 + gridDim.z) * 131 +
                   (blockDim.x * 5 + blockDim.y) * 5 + blockDim.z;
  unsigned h = (linear + 1) * 2654435761u ^ shape * 40503u ^
               unsigned(odd.Tag) * 97u ^ unsigned(odd.Scale * 8) * 13u ^
               unsigned(odd.Id) * 7u ^ unsigned(round) * 1000003u;
  atomicAdd(&g_cells[parent], h);
}

__global__ void parent() {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 3 == 0)
    return; // These lanes launch nothing.
  Odd odd{char('a' + t % 26), 0.5 * t, short(-t)};
  for (int round = 0; round < 1 + t % 4; ++round) {
    if (t % 11 == 0) // 16 x 16 = 256 threads: above the threshold.
      child<<<dim3(2, 2), dim3(8, 8), 0, cudaStreamFireAndForget>>>(t, odd,
                                                                     round);
    else
      child<<<dim3(1 + t % 3, 1 + round % 2, 1 + t % 2),
              dim3(1 + t % 5, 1 + t % 4, 1 + (t + round) % 3), 0,
              cudaStreamFireAndForget>>>(t, odd, round);
  }
}

__global__ void report() {
  for (int c = 0; c < 128; ++c)
    logValue(int(g_cells[c]));
}

int main() {
  parent<<<2, 64>>>();
  report<<<1, 1>>>();
  printLog("serial_packed");
}
