// The stream is a run-time value: the same launch site runs on the null
// stream, a created stream, the tail and the fire-and-forget streams.
#include "common.cuh"
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
  cudaError_t err = cudaGetLastError();
  logValue(100 + err);
  cudaStreamDestroy(created);
}
int main() {
  for (int which = 0; which < 4; ++which) {
    parent<<<1, 1>>>(which);
    cudaDeviceSynchronize();
  }
  printLog("runtime_stream");
}
