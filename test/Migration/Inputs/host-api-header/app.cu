#include "common.h"

__global__ void child(int *data) { data[threadIdx.x] = threadIdx.x; }

__global__ void parent(int *data) {
  child<<<1, 32>>>(data);
  cudaDeviceSynchronize();
  data[32] = data[31];
}

int main() {
  int *data;
  cudaMalloc(&data, 33 * sizeof(int));
  parent<<<1, 1>>>(data);
  return finishDevice();
}
