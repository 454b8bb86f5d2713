// --instrument (programs.txt): the instrumented program prints what the
// program as written prints, and writes a profile (CDP_PROFILE_FILE) that
// counts each launch by its grid's threads: instrumented_counts.profile
// holds the counts this program makes, known from its code. One launch is
// a statement (counted by a statement before it), one the branch of an if
// without braces (counted inside the expression); the block's threads
// launch together, so the counts of a warp's lanes are added up at once.
#include "common.cuh"

__device__ int g_sum;

__global__ void child(int weight) { atomicAdd(&g_sum, weight); }

__global__ void parent() {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  // 64 grids of 32 threads, 128 of 64 or 96, 64 of 128.
  child<<<t % 4 + 1, 32, 0, cudaStreamFireAndForget>>>(t);
  if (t < 10)
    child<<<8, 64, 0, cudaStreamFireAndForget>>>(1); // 10 grids of 512
}

__global__ void report() { logValue(g_sum); }

int main() {
  parent<<<2, 128>>>();
  report<<<1, 1>>>();
  printLog("instrumented_counts");
}
