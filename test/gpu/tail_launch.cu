// A tail launch runs after the parent grid (and its other work) completes.
#include "common.cuh"
__device__ int g_value;
__global__ void after(int tag) { logValue(tag); logValue(g_value); }
__global__ void work(int v) { g_value = v; logValue(1); }
__global__ void parent() {
  after<<<1, 1, 0, cudaStreamTailLaunch>>>(3);
  work<<<1, 1>>>(42);
  logValue(0);
}
int main() { parent<<<1, 1>>>(); printLog("tail_launch"); }
