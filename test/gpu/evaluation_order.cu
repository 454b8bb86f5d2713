// Configuration and arguments are evaluated once each, left to right. The
// children record their arguments apart from the parent's log: when a child
// runs relative to the parent is up to the GPU.
#include "common.cuh"
__device__ int g_counter;
__device__ int g_received[2];
__device__ int next() { int v = ++g_counter; logValue(v); return v; }
__global__ void child(int slot, int a, int b, int c) {
  g_received[slot] = 100 * a + 10 * b + c;
}
__global__ void parent() {
  child<<<next(), next(), 0, 0>>>(0, next(), next(), next());
  child<<<1, 1>>>(1, next(), (next(), next()), next() ? next() : -1);
}
int main() {
  parent<<<1, 1>>>();
  printLog("evaluation_order");
  int received[2];
  cudaMemcpyFromSymbol(received, g_received, sizeof received);
  printf("children received %d %d\n", received[0], received[1]);
}
