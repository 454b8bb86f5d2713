// Off by default:
// RUN: %cdp-lower --check-only %s 2>&1 | count 0
// RUN: %cdp-lower --check-only -Wcdp-pending-launch-limit %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-W' --implicit-check-not=note:
// RUN: %clang-cdp-plugin --cuda-gpu-arch=sm_90 \
// RUN:   -fplugin-arg-cdp-Wcdp-pending-launch-limit %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-W' --implicit-check-not=note:
// A file that raises the pool is not reported:
// RUN: %cdp-lower --check-only -Wcdp-pending-launch-limit %s -- -DRAISES_LIMIT \
// RUN:   2>&1 | count 0
//
// cdp-pending-launch-limit: a launch that a grid launched from this file
// may make more times than the device runtime's pending-launch pool holds.

#include <cuda_runtime.h>

__global__ void child(int *out, int i) { out[i] = i; }

/// Every thread launches, in a grid as large as the host's input.
__global__ void perThread(int *out) {
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: warning: this launch of 'child' may be made more times than the device runtime's pending-launch pool holds (2,048 launches unless the host raises cudaLimitDevRuntimePendingLaunchCount, which this translation unit never does); launches past it fail with cudaErrorLaunchPendingCountExceeded, and their grids never run [-Wcdp-pending-launch-limit]
  child<<<1, 1>>>(out, blockIdx.x * blockDim.x + threadIdx.x);
}

/// One thread launches, in a loop.
__global__ void inLoop(int *out, int n) {
  if (threadIdx.x == 0)
    for (int i = 0; i < n; ++i)
      // CHECK-DAG: pending-launch-limit.cu:[[@LINE+2]]:7: warning: this launch of 'child' may be made more times than {{.*}} [-Wcdp-pending-launch-limit]
      // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:7: note: each thread may make it many times, in a loop
      child<<<1, 1>>>(out, i);
}

/// Launched with 256 threads: never more than 256 launches pending.
__global__ void small(int *out) { child<<<1, 1>>>(out, threadIdx.x); }

/// Launched with 4,096 threads.
__global__ void wide(int *out) {
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: warning: this launch of 'child' may be made more times than {{.*}} [-Wcdp-pending-launch-limit]
  child<<<1, 1>>>(out, threadIdx.x);
}

/// One thread of each block launches: a launch a block.
__global__ void perBlock(int *out) {
  if (threadIdx.x == 0)
    // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:5: warning: this launch of 'child' may be made more times than {{.*}} [-Wcdp-pending-launch-limit]
    child<<<1, 1>>>(out, blockIdx.x);
}

/// One lane of each warp launches: a launch a warp.
__global__ void perWarp(int *out) {
  const unsigned lane = threadIdx.x % 32;
  if (lane == 0)
    // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:5: warning: this launch of 'child' may be made more times than {{.*}} [-Wcdp-pending-launch-limit]
    child<<<1, 1>>>(out, threadIdx.x / 32);
}

/// No launch of it in this file: what launches it says nothing here.
__global__ void elsewhere(int *out) { child<<<1, 1>>>(out, 0); }

/// A kernel template, launched as one instance.
template <class T> __global__ void scaled(T *out) {
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: warning: this launch of 'child' may be made more times than {{.*}} [-Wcdp-pending-launch-limit]
  child<<<1, 1>>>(out, threadIdx.x);
}

/// Every thread calls a device function that launches.
__device__ void spawn(int *out, int i) {
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: warning: this launch of 'child' may be made more times than {{.*}} [-Wcdp-pending-launch-limit]
  child<<<1, 1>>>(out, i);
}
__global__ void throughCall(int *out) {
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: note: the launch is made through this call of 'spawn'
  spawn(out, blockIdx.x * blockDim.x + threadIdx.x);
}

/// One thread of each block makes the call: a launch a block.
__device__ void spawnForBlock(int *out) { child<<<1, 1>>>(out, blockIdx.x); }
__global__ void blockCalls(int *out) {
  if (threadIdx.x == 0)
    spawnForBlock(out);
}

/// Through two calls, and a function template.
template <class T> __device__ void spawnDeeper(T *out, int i) {
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: warning: this launch of 'child' may be made more times than {{.*}} [-Wcdp-pending-launch-limit]
  child<<<1, 1>>>(out, i);
}
__device__ void spawnVia(int *out, int i) {
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: note: the launch is made through this call of 'spawnDeeper<int>'
  spawnDeeper(out, i);
}
__global__ void twoCallsDeep(int *out) {
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: note: the launch is made through this call of 'spawnVia'
  spawnVia(out, threadIdx.x);
}

/// A lambda called in a loop by each of 32 threads.
__global__ void lambdaInLoop(int *out, int n) {
  auto launch = [out](int i) {
    // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:5: warning: this launch of 'child' may be made more times than {{.*}} [-Wcdp-pending-launch-limit]
    child<<<1, 1>>>(out, i);
  };
  for (int i = 0; i < n; ++i)
    // CHECK-DAG: pending-launch-limit.cu:[[@LINE+2]]:5: note: the launch is made through this call of a lambda
    // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:5: note: each thread may make this call many times, in a loop
    launch(i);
}

/// A recursive device function: its recursion is followed once.
__device__ void recurse(int *out, int depth) {
  if (depth > 0)
    recurse(out, depth - 1);
  else
    child<<<1, 1>>>(out, depth);
}
__global__ void recursive(int *out) { recurse(out, threadIdx.x % 4); }

int main(int argc, char **argv) {
  const int n = argc * 100000;
  int *out = nullptr;
#ifdef RAISES_LIMIT
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, n);
#endif
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+2]]:3: note: 'perThread' is launched here with a grid whose size is not known at compile time
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: note: raise the pool before this launch, to the launches that may be pending at once: cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, n)
  perThread<<<(n + 255) / 256, 256>>>(out);
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+2]]:3: note: 'inLoop' is launched here with 32 threads
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: note: raise the pool
  inLoop<<<1, 32>>>(out, n);
  small<<<2, dim3(32, 4)>>>(out);
  // A block whose size the compiler does not know has at most 1,024
  // threads.
  dim3 block(argc);
  small<<<2, block>>>(out);
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+2]]:3: note: 'wide' is launched here with 4096 threads
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: note: raise the pool
  wide<<<dim3(4, 2), 512>>>(out);
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+2]]:3: note: 'scaled' is launched here with a grid whose size is not known at compile time
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: note: raise the pool
  scaled<int><<<n, 64>>>(out);
  // 2,048 blocks of 1,024 threads, a launch a block: not reported here,
  perBlock<<<2048, 1024>>>(out);
  // but 4,096 blocks are.
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+2]]:3: note: 'perBlock' is launched here with 4096 blocks, one thread of each making the launch
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: note: raise the pool
  perBlock<<<4096, 32>>>(out);
  // 64 blocks of 32 warps: 2,048 launches, not reported,
  perWarp<<<64, 1024>>>(out);
  // nor 96 blocks of 20 warps and 8 threads (21 warps, the last one short).
  perWarp<<<dim3(8, 12), 648>>>(out);
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+2]]:3: note: 'perWarp' is launched here with 8192 warps, one lane of each making the launch
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: note: raise the pool
  perWarp<<<256, 1024>>>(out);
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+2]]:3: note: 'throughCall' is launched here with a grid whose size is not known at compile time
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: note: raise the pool
  throughCall<<<n / 256, 256>>>(out);
  // 2,048 blocks, a launch a block: not reported.
  blockCalls<<<2048, 1024>>>(out);
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+2]]:3: note: 'twoCallsDeep' is launched here with 3072 threads
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: note: raise the pool
  twoCallsDeep<<<3, 1024>>>(out);
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+2]]:3: note: 'lambdaInLoop' is launched here with 32 threads
  // CHECK-DAG: pending-launch-limit.cu:[[@LINE+1]]:3: note: raise the pool
  lambdaInLoop<<<1, 32>>>(out, n);
  // 1,024 threads: not reported.
  recursive<<<1, 1024>>>(out);
  return 0;
}
