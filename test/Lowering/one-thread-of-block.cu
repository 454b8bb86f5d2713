// RUN: %cdp-lower %s -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --runtime-checks %s -o %t.checked.cu
// RUN: %strip-checks %t.checked.cu | not grep "oneThreadOfBlock,"
// RUN: %cdp-lower --emit=explicit %s -o %t.explicit.cu
// RUN: %strip-checks %t.explicit.cu | not grep "oneThreadOfBlock,"
// RUN: %cdp-lower %s -o %t.cpp11.cu -- -std=c++11
// RUN: %nvcc-rdc -std=c++11 -c %t.cpp11.cu -o %t.cpp11.o
//
// A launch that one thread of its block makes, the only call into the
// device runtime its kernel makes, is opened with cdp::oneThreadOfBlock:
// no other lane of its warp can be inside the device runtime with it, and
// in a one-dimensional block it takes no runtime turn
// (lib/Aggregation/SoleRuntimeCall.h). Every other launch takes the turn
// where its whole warp is not at it. Checked launches and the explicit
// form take no tag.

__global__ void child(int *p) { p[threadIdx.x] = 1; }

__device__ int twice(int v) { return 2 * v; }

// CHECK-LABEL: void firstThread(
__global__ void firstThread(int *p) {
  if (threadIdx.x == 0)
    child<<<1, twice(16)>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, twice(16)})
}

// The grid's first thread, through a copy of the x index.
// CHECK-LABEL: void firstOfGrid(
__global__ void firstOfGrid(int *p, int n) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = tid; i < n; i += blockDim.x * gridDim.x)
    p[i] = 0;
  if (tid == 0)
    child<<<1, 32, 0, cudaStreamTailLaunch>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32, 0, cudaStreamTailLaunch})
}

// One thread, many launches: still alone in its warp.
// CHECK-LABEL: void inLoop(
__global__ void inLoop(int *p) {
  if (threadIdx.x == blockDim.x - 1 && threadIdx.y == 0)
    for (int i = 0; i < 4; ++i)
      child<<<1, 32, 0, cudaStreamFireAndForget>>>(p + 32 * i);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32, 0, cudaStreamFireAndForget})
}

// Not so: two launches in one kernel, which other lanes may make at once.
// CHECK-LABEL: void twoLaunches(
__global__ void twoLaunches(int *p) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(p);
  if (threadIdx.x == 32)
    child<<<1, 32>>>(p + 32);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
}

// Not so: another call into the device runtime.
// CHECK-LABEL: void checksError(
__global__ void checksError(int *p) {
  if (threadIdx.x == 0) {
    child<<<1, 32>>>(p);
    // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
    if (cudaGetLastError() != cudaSuccess)
      p[0] = -1;
  }
}

// Not so: every thread launches.
// CHECK-LABEL: void everyThread(
__global__ void everyThread(int *p) {
  child<<<1, 32>>>(p + 32 * threadIdx.x);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
}

// Not so: a function it calls launches, or may (defined in no file read).
__device__ void launchesToo(int *p) { child<<<1, 32>>>(p); }
__device__ void definedElsewhere(int *p);

// CHECK-LABEL: void callsLauncher(
__global__ void callsLauncher(int *p) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
  launchesToo(p);
}

// CHECK-LABEL: void callsUnseen(
__global__ void callsUnseen(int *p) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
  definedElsewhere(p);
}

// Not so: a template, and a launch in a __device__ function, which any
// thread may call.
// CHECK-LABEL: void inTemplate(
template <int N> __global__ void inTemplate(int *p) {
  if (threadIdx.x == 0)
    child<<<1, N>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, N})
}
template __global__ void inTemplate<32>(int *);
