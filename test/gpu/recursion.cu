// A kernel that launches itself: a binary tree of grids of depth 6.
#include "common.cuh"
__device__ int g_nodes;
__global__ void node(int depth, int id) {
  atomicAdd(&g_nodes, 1);
  if (depth < 6) {
    node<<<1, 1>>>(depth + 1, 2 * id);
    node<<<1, 1>>>(depth + 1, 2 * id + 1);
  }
}
__global__ void report() { logValue(g_nodes); }
__global__ void root() {
  node<<<1, 1>>>(0, 1);
  report<<<1, 1, 0, cudaStreamTailLaunch>>>();
}
int main() { root<<<1, 1>>>(); printLog("recursion"); }
