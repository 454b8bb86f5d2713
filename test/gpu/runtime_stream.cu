// The stream is a run-time value: the same launch site runs on the null
// stream, a created stream, the tail and the fire-and-forget streams. The
// launch's error goes to its own slot: a child on the null or a created
// stream may run before or after the parent's next statement, so logging
// both would make the order a race.
#include "common.cuh"
#include <cstdio>
__device__ int g_launch_error[4];
__global__ void child(int which) { logValue(which); }
__device__ cudaStream_t pick(int which, cudaStream_t created) {
  switch (which) {
  case 0: return 0;
  case 1: return created;
  case 2: return cudaStreamTailLaunch;
  default: return cudaStreamFireAndForget;
  }
}
__global__ void parent(int which) {
  cudaStream_t created;
  cudaStreamCreateWithFlags(&created, cudaStreamNonBlocking);
  child<<<1, 1, 0, pick(which, created)>>>(which);
  g_launch_error[which] = cudaGetLastError();
  cudaStreamDestroy(created);
}
int main() {
  for (int which = 0; which < 4; ++which) {
    parent<<<1, 1>>>(which);
    cudaDeviceSynchronize();
  }
  printLog("runtime_stream");
  int errors[4];
  cudaMemcpyFromSymbol(errors, g_launch_error, sizeof(errors));
  std::printf("launch errors: %d %d %d %d\n", errors[0], errors[1], errors[2],
              errors[3]);
}
