// RUN: cp %s %t.cu && %cdp-lower --migrate-cdp1 --fix %t.cu -- -std=c++17
// RUN: diff -u %S/Expected/host-api.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
//
// On the host: the synchronisation depth that CDP1 reserved goes (CDP2
// refuses the limit, and no grid waits any more), and the cudaThread* calls
// that CUDA 13 removed get their cudaDevice* names.
#include <cstdio>

#define CHECK(call)                                                            \
  do {                                                                         \
    if ((call) != cudaSuccess)                                                 \
      printf("failed: %s\n", #call);                                           \
  } while (0)

__global__ void kernel() {}

int main() {
  CHECK(cudaSuccess);
  cudaError_t status = cudaSuccess;
  cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20);
  size_t heap = 0;
  cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
  kernel<<<1, 1>>>();
  CHECK(cudaDeviceSynchronize());
  cudaDeviceReset();
  return status == cudaSuccess && heap ? 0 : 1;
}
