// RUN: %cdp-lower %s -o %t.cu -- -isystem %S/Inputs/one-thread-system
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -isystem %S/Inputs/one-thread-system -c %t.cu -o %t.o
// Under nvcc's command line (cdp-nvcc), the parse keeps cooperative
// groups' bodies for the same reading:
// RUN: %cdp-lower --nvcc-flags %s -o %t.nvcc.cu -- -arch=sm_90 -rdc=true -isystem %S/Inputs/one-thread-system
// RUN: diff %t.cu %t.nvcc.cu
// RUN: %cdp-lower --runtime-checks %s -o %t.checked.cu -- -isystem %S/Inputs/one-thread-system
// RUN: %strip-checks %t.checked.cu | not grep "oneThreadOfBlock,"
// RUN: %cdp-lower --emit=explicit %s -o %t.explicit.cu -- -isystem %S/Inputs/one-thread-system
// RUN: %strip-checks %t.explicit.cu | not grep "oneThreadOfBlock,"
// RUN: %cdp-lower %s -o %t.cpp11.cu -- -std=c++11 -isystem %S/Inputs/one-thread-system
// RUN: %strip-checks %t.cpp11.cu | FileCheck --check-prefix=CPP11 %s
// RUN: %nvcc-rdc -std=c++11 -isystem %S/Inputs/one-thread-system -c %t.cpp11.cu -o %t.cpp11.o
//
// A launch made where one thread of its block runs alone, in a kernel
// that calls the device runtime nowhere else, is opened with
// cdp::oneThreadOfBlock: no other lane of its warp can be inside the
// device runtime with it, and in a one-dimensional block it takes no
// runtime turn (lib/Aggregation/SoleRuntimeCall.h). Every other launch
// takes the turn where its whole warp is not at it. Checked launches and
// the explicit form take no tag.

#include <one-thread-library.h>

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

// What the one thread runs alone may call the runtime as it likes: a
// launch beside another, and its error read (CX9898/BSMR-SDDMM's
// clustering block).
// CHECK-LABEL: void checksError(
__global__ void checksError(int *p) {
  if (threadIdx.x == 0) {
    child<<<1, 32>>>(p);
    // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32})
    child<<<1, 32>>>(p + 32);
    // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32})
    if (cudaGetLastError() != cudaSuccess)
      p[0] = -1;
    libraryLaunch(p);
  }
}

// Not so: the error read by every thread.
// CHECK-LABEL: void everyThreadChecks(
__global__ void everyThreadChecks(int *p) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
  if (cudaGetLastError() != cudaSuccess)
    p[threadIdx.x] = -1;
}

// Not so: a jump into the one thread's branch, which another thread may
// take.
// CHECK-LABEL: void jumpedInto(
__global__ void jumpedInto(int *p) {
  if (p[threadIdx.x] < 0)
    goto again;
  if (threadIdx.x == 0) {
  again:
    child<<<1, 32>>>(p);
    // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
  }
}

// Cooperative groups' block calls read as any other code: they make no
// call into the runtime (NVIDIA's quadtree sample syncs so). CUDA 13's
// cooperative groups need C++17.
#if __cplusplus >= 201703L
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// CHECK-LABEL: void syncsGroups(
__global__ void syncsGroups(int *p) {
  cg::thread_block block = cg::this_thread_block();
  p[block.thread_rank()] = 0;
  cg::sync(block);
  if (block.thread_rank() == 0)
    child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32})
}

// The group's rank, in a block of any shape: one thread.
// CHECK-LABEL: void rankInBlock(
__global__ void rankInBlock(int *p) {
  p[threadIdx.y * blockDim.x + threadIdx.x] = 0;
  if (cg::this_thread_block().thread_rank() == blockDim.x - 1)
    child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32})
}

// Not so: a tile's rank, one thread of each tile.
// CHECK-LABEL: void rankInTile(
__global__ void rankInTile(int *p) {
  cg::thread_block_tile<32> tile =
      cg::tiled_partition<32>(cg::this_thread_block());
  if (tile.thread_rank() == 0)
    child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
}
#endif

// Not so: a library's function, of a system header, that every thread
// calls and that launches; or that calls into a namespace of a system
// header other than std's and cooperative groups' (thrust's and cub's
// algorithms launch), which is not read.
// CHECK-LABEL: void callsLibraryLauncher(
__global__ void callsLibraryLauncher(int *p) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
  libraryLaunch(p);
}

// CHECK-LABEL: void callsLibraryNamespace(
__global__ void callsLibraryNamespace(int *p) {
  p[threadIdx.x] = libraryTwice(p[threadIdx.x]);
  if (threadIdx.x == 0)
    child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
}

// A library's global function that every thread calls, read, and that
// makes no call into the runtime.
// CHECK-LABEL: void callsLibraryArithmetic(
__global__ void callsLibraryArithmetic(int *p) {
  p[threadIdx.x] = libraryThrice(p[threadIdx.x]);
  if (threadIdx.x == 0)
    child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32})
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

// A template as written: what every instance runs (NVIDIA's quadtree
// sample).
// CHECK-LABEL: void inTemplate(
template <int N> __global__ void inTemplate(int *p) {
  __shared__ int sums[N / 32];
  sums[threadIdx.x / 32] = N;
  int sum = 0;
  sum += sums[0];
  p[threadIdx.x] = sum;
  if (threadIdx.x == N - 1)
    child<<<1, N>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, N})
}
template __global__ void inTemplate<32>(int *);

// A template that launches itself, its kernel named in each instance.
// CHECK-LABEL: void selfLaunching(
template <int N> __global__ void selfLaunching(int *p, int depth) {
  if (threadIdx.x == N - 1 && depth > 0)
    selfLaunching<N><<<1, N>>>(p, depth - 1);
  // CHECK: cdp::DeviceLaunch(cdp::oneThreadOfBlock, selfLaunching<N>, {1, N})
  // CPP11: cdp::makeDeviceLaunch(cdp::oneThreadOfBlock, selfLaunching<N>, {1, N})
}
template __global__ void selfLaunching<32>(int *, int);

// Not so: a template whose instances may call what the template does not
// name yet (T's operators).
// CHECK-LABEL: void ofType(
template <typename T> __global__ void ofType(int *p, T v) {
  p[threadIdx.x] = int(v + v);
  if (threadIdx.x == 0)
    child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
}
template __global__ void ofType<int>(int *, int);

// But where only the one thread reads a T, and the kernel's parameters
// are pointers to T, so.
// CHECK-LABEL: void ofTypeAlone(
template <typename T> __global__ void ofTypeAlone(int *p, const T *v) {
  if (threadIdx.x == 0) {
    p[0] = int(v[0] + v[1]);
    child<<<1, 32>>>(p);
  }
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32})
}
template __global__ void ofTypeAlone<int>(int *, const int *);

// Not so: a launch in a __device__ function, which any thread may call.
// CHECK-LABEL: void inDeviceFunction(
__device__ void inDeviceFunction(int *p) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
}
