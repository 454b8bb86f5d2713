#pragma once
// A device function that launches, in a project header: lowered only when
// the header filter selects this header.

__global__ void leaf(int *sum, int value);

__device__ inline void spawnLeaf(int *sum, int value) {
  leaf<<<1, 1>>>(sum, value);
  cudaGetLastError();
}
