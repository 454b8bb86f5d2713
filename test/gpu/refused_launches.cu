// Launches the device runtime refuses, lowered with --runtime-checks: each
// launch site that fails prints one report, the first time, and the
// program's own cudaGetLastError() still finds the error. Built as written
// (or lowered without the checks) the children do not run and nothing says
// so; refused_launches.expected holds the lowered output only.
#include "common.cuh"

__device__ int g_ran, g_refused;

__global__ void child(int v) { logValue(v); }
__global__ void counted() { atomicAdd(&g_ran, 1); }

__global__ void parent() {
  for (int i = 0; i < 3; ++i) {
    child<<<1, 2048>>>(1); // Too many threads a block: refused each time.
    logValue(cudaGetLastError());
  }
  child<<<1, 1, 0, cudaStreamTailLaunch>>>(3); // Runs after the parent.
  logValue(cudaGetLastError());
}

// A tail launch waits for its parent grid to end, so all of one thread's
// tail launches are pending at once: past the limit the host sets, the
// device runtime refuses them (as it refused NPSLab's and the textbook's
// launches past the default 2,048, which their programs never read).
constexpr int kPendingLimit = 256, kTailLaunches = 3 * kPendingLimit;

__global__ void tails() {
  cudaError_t first = cudaSuccess;
  for (int i = 0; i < kTailLaunches; ++i) {
    counted<<<1, 1, 0, cudaStreamTailLaunch>>>();
    const cudaError_t error = cudaGetLastError();
    if (error != cudaSuccess) {
      ++g_refused;
      if (first == cudaSuccess)
        first = error;
    }
  }
  logValue(first);
  logValue(g_refused > 0);
}

int main() {
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, kPendingLimit);
  parent<<<1, 1>>>();
  printLog("parent");
  int zero = 0;
  cudaMemcpyToSymbol(g_log_size, &zero, sizeof zero);
  tails<<<1, 1>>>();
  printLog("tails");
  int ran = 0, refused = 0;
  cudaMemcpyFromSymbol(&ran, g_ran, sizeof ran);
  cudaMemcpyFromSymbol(&refused, g_refused, sizeof refused);
  printf("tails: every launch ran or was refused: %s\n",
         ran + refused == kTailLaunches ? "yes" : "no");
  return 0;
}
