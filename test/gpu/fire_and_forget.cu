// Fire-and-forget children from every thread; the tail launch sees them all.
#include "common.cuh"
__device__ int g_sum;
__global__ void add(int v) { atomicAdd(&g_sum, v); }
__global__ void check() { logValue(g_sum); }
__global__ void parent() {
  add<<<1, 1, 0, cudaStreamFireAndForget>>>(threadIdx.x + 1);
  if (threadIdx.x == 0) check<<<1, 1, 0, cudaStreamTailLaunch>>>();
}
int main() { parent<<<1, 64>>>(); printLog("fire_and_forget"); }
