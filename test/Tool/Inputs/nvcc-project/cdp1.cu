// Valid CDP1 code for an sm_80 build: the device-side wait exists there.
#include <cuda_runtime.h>

__global__ void child(int *data) { data[threadIdx.x] = 1; }

__global__ void parent(int *data) {
  child<<<1, 32>>>(data);
  cudaDeviceSynchronize();
}
