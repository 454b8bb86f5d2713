// Configuration and arguments are evaluated once each, left to right.
#include "common.cuh"
__device__ int g_counter;
__device__ int next() { int v = ++g_counter; logValue(v); return v; }
__global__ void child(int a, int b, int c) { logValue(100 * a + 10 * b + c); }
__global__ void parent() {
  child<<<next(), next(), 0, 0>>>(next(), next(), next());
  child<<<1, 1>>>(next(), (next(), next()), next() ? next() : -1);
}
int main() { parent<<<1, 1>>>(); printLog("evaluation_order"); }
