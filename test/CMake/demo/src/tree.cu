#include "demo/spawn.cuh"
#include "tree.h"

__global__ void leaf(int *sum, int value) { atomicAdd(sum, value); }

// Recursion: each node adds 1 through a child grid and, above the leaves,
// launches two more nodes.
__global__ void node(int *sum, int depth) {
  spawnLeaf(sum, 1);
  if (depth > 0) {
    node<<<2, 1>>>(sum, depth - 1);
    cudaGetLastError();
  }
}

// Runs after root and every grid it started (the tail-launch stream).
__global__ void report(const int *sum, int *seen) { *seen = *sum; }

__global__ void root(int *sum, int *seen) {
  node<<<1, 1>>>(sum, kTreeDepth);
  cudaGetLastError();
  report<<<1, 1, 0, cudaStreamTailLaunch>>>(sum, seen);
  cudaGetLastError();
}
