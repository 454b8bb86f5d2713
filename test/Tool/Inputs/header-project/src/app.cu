#include "proj/wrapper.cuh"

__global__ void fill(int *data, int value) { data[threadIdx.x] = value; }

__global__ void parent(int *data) {
  launchTwice(data);
  fill<<<1, 32>>>(data + 64, 3);
}
