// Children that take parameters by reference (as DavideCarminati/
// GP_sampling_CUDA's do), aggregated, run serially and coarsened
// (programs.txt). A launch passes a reference as the address of the object
// it binds: the child reads that object when it runs and writes reach it.
// A transform that handed the child's copy a copy of the object would lose
// `addInto`'s and `sharedSum`'s writes (the tallies would stay 0) and fail
// `sameObject`'s test. Each parent thread's children add into a tally of
// its own, by atomics, so the totals do not depend on the order the
// children run in.
#include "common.cuh"

struct Input {
  int base;
  int scale;
  double unused; // 16 bytes: larger than the 8 of the address passed.
};
struct Tally {
  int sum;
  int reads;
};

constexpr int kThreads = 64;
__device__ Input g_input = {100, 3, 0.0};
__device__ Tally g_tallies[kThreads];
__device__ Tally g_atEnd[kThreads];
__device__ int g_wrongObject;

/// Writes through a non-const reference, reads through a const one.
__global__ void addInto(Tally &tally, const Input &input, int lane) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (&input != &g_input)
    atomicAdd(&g_wrongObject, 1);
  atomicAdd(&tally.sum, input.base + input.scale * lane + i);
  atomicAdd(&tally.reads, 1);
}

/// With a barrier and shared memory: a serial run takes it phase by phase.
__global__ void sharedSum(Tally &tally, const Input &input) {
  __shared__ int part[64];
  part[threadIdx.x] = input.scale + threadIdx.x;
  __syncthreads();
  if (threadIdx.x == 0) {
    int sum = 0;
    for (int k = 0; k < blockDim.x; ++k)
      sum += part[k];
    atomicAdd(&tally.sum, sum);
  }
}

__global__ void parent(const Input &input) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  addInto<<<1 + t % 3, 32, 0, cudaStreamFireAndForget>>>(g_tallies[t], input,
                                                          t);
  sharedSum<<<2, 64, 0, cudaStreamFireAndForget>>>(g_tallies[t], g_input);
}

/// A kernel that decides between its only launch and work of its own:
/// under --optimize the small grids run at the thread's end (the run holds
/// the reference's address until then).
__global__ void parentAtEnd(const Input &input) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 2)
    addInto<<<1, 16, 0, cudaStreamFireAndForget>>>(g_atEnd[t], input, t);
  else
    atomicAdd(&g_atEnd[t].sum, 1);
}

__global__ void logTallies() {
  for (int t = 0; t < kThreads; ++t)
    logValue(g_tallies[t].sum * 1000 + g_tallies[t].reads);
  for (int t = 0; t < kThreads; ++t)
    logValue(g_atEnd[t].sum * 1000 + g_atEnd[t].reads);
  logValue(g_wrongObject);
}

int main() {
  Input *input;
  cudaGetSymbolAddress((void **)&input, g_input);
  parent<<<2, kThreads / 2>>>(*input);
  parentAtEnd<<<2, kThreads / 2>>>(*input);
  cudaDeviceSynchronize();
  logTallies<<<1, 1>>>();
  printLog("reference_transforms");
}
