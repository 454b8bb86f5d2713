// RUN: not %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
//
// cdp-shared-pointer: __shared__ memory belongs to one block of the parent
// and is not visible to a child grid (nvcc 13.0 says nothing about these).

#include <cuda_runtime.h>

struct Tile {
  float *values;
  int count;
};

__global__ void child(float *p) {}
__global__ void childTile(Tile t) {}

__device__ float globalValues[256];

__global__ void staticShared() {
  __shared__ float tile[128];
  // CHECK: shared-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to __shared__ memory to child kernel 'child' (argument 1): a child grid cannot access its parent's shared memory; copy the data to global memory and pass that [-Wcdp-shared-pointer]
  child<<<1, 1>>>(tile);
  // CHECK: shared-pointer.cu:[[@LINE-3]]:20: note: 'tile' is declared __shared__ here
  // CHECK: shared-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to __shared__ memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-shared-pointer]
  child<<<1, 1>>>(&tile[threadIdx.x]);

  __shared__ float scalar;
  // CHECK: shared-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to __shared__ memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-shared-pointer]
  child<<<1, 1>>>(&scalar);
}

__global__ void dynamicShared() {
  extern __shared__ float dynamic[];
  float *mine = dynamic + threadIdx.x * 4;
  // CHECK: shared-pointer.cu:[[@LINE+1]]:19: error: cannot pass a pointer to __shared__ memory to child kernel 'child' (argument 1){{.*}} [-Wcdp-shared-pointer]
  child<<<1, 1>>>(mine);
  // CHECK: shared-pointer.cu:[[@LINE-4]]:27: note: 'dynamic' is declared __shared__ here

  Tile t = {dynamic, 4};
  // CHECK: shared-pointer.cu:[[@LINE+1]]:23: error: cannot pass a pointer to __shared__ memory to child kernel 'childTile' (argument 1, field 'values'){{.*}} [-Wcdp-shared-pointer]
  childTile<<<1, 1>>>(t);

  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  // CHECK: shared-pointer.cu:[[@LINE+1]]:33: error: cannot pass a pointer to __shared__ memory to cudaMemcpyAsync (argument 2): device-side memcpy and memset may run as a child grid and fail for local or shared memory; use global memory instead [-Wcdp-shared-pointer]
  cudaMemcpyAsync(globalValues, dynamic, 16, cudaMemcpyDeviceToDevice, s);
}

// Not reported: a __shared__ value copied into global memory first, and
// global memory reached through a pointer stored in shared memory.
__shared__ float *sharedSlot;
__global__ void fine(float *fromHost) {
  __shared__ float *bufferOfBlock;
  bufferOfBlock = fromHost;
  child<<<1, 1>>>(bufferOfBlock);
  child<<<1, 1>>>(globalValues);
}

// A reference parameter is passed the address of the object it binds.
struct Graph {
  int first;
  double scale;
};
__global__ void childGraph(const Graph &graph) {}
__global__ void byReference() {
  __shared__ Graph sharedGraph;
  // CHECK: shared-pointer.cu:[[@LINE+1]]:24: error: cannot pass __shared__ memory by reference to child kernel 'childGraph' (argument 1): a child grid cannot access its parent's shared memory; copy the data to global memory and pass that [-Wcdp-shared-pointer]
  childGraph<<<1, 1>>>(sharedGraph);
  // CHECK: shared-pointer.cu:[[@LINE-3]]:20: note: 'sharedGraph' is declared __shared__ here
}
