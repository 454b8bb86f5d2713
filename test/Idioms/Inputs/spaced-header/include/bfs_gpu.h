// A project header that launches with nvcc's spaced chevrons, as
// knosvoxel/bfs-dynamic-parallelism's include/bfs_gpu.h writes them.
#pragma once

__global__ void visit(int *levels, int level, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && levels[i] < 0)
    levels[i] = level;
}

__global__ void bfs(int *levels, int level, int n) {
  int numThreads = 128, numBlocks = (n + numThreads - 1) / numThreads;
  if (threadIdx.x == 0)
    visit << <numBlocks, numThreads >> > (levels, level, n);
}
