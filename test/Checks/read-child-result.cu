// RUN: %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp' --implicit-check-not=note:
// RUN: %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp' --implicit-check-not=note:
// Off, as a warning can be:
// RUN: %cdp-lower --check-only -Wno-cdp-read-child-result -Wno-cdp-spin-on-child \
// RUN:   %s 2>&1 | count 0
// A warning, so the file still lowers, and nvcc builds the output:
// RUN: %cdp-lower %s -o %t.cu 2>/dev/null
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: not %cdp-lower --check-only %s -- -std=c++17 --cuda-gpu-arch=sm_90 \
// RUN:     -DCOMPILED_WAIT 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WAIT --implicit-check-not="'waited' is read"
// WAIT: error: cudaDeviceSynchronize() is not available in device code under CDP2
//
// cdp-read-child-result: the parent reads, after a launch, memory its child
// grid writes, with nothing in between that waits for the child.

// A Release build: assert() expands to nothing.
#define NDEBUG
#include <cassert>
#include <cuda_runtime.h>

__global__ void increment(int *data, const int *in) {
  data[threadIdx.x] = in[threadIdx.x] + 1;
}
__device__ void publish(int *slot, int value) { *slot = value; }
__global__ void viaFunction(int *out) {
  int *mine = out + blockIdx.x;
  publish(mine, 7);
}
__global__ void counts(int *total) { atomicAdd(total, 1); }

// CDP1's wait, compiled out: the reads of what the child writes race it;
// the child's input does not.
__global__ void waitInAssert(int *out, int *in) {
  increment<<<1, 32>>>(out, in);
  assert(cudaDeviceSynchronize() == cudaSuccess);
  int first = in[0];
  // CHECK: read-child-result.cu:[[@LINE+6]]:21: warning: 'out' is read while the child grid 'increment', launched above, may still be writing it: nothing in between waits for the child, and a parent sees its children's writes only in a kernel launched after them [-Wcdp-read-child-result]
  // CHECK: read-child-result.cu:[[@LINE-4]]:3: note: 'increment' is launched here
  // CHECK: read-child-result.cu:25:21: note: 'increment' writes it here
  // CHECK: read-child-result.cu:[[@LINE-5]]:10: note: this cudaDeviceSynchronize() is not compiled: 'assert' expands without its argument when NDEBUG is defined, as it is here
  // CHECK: read-child-result.cu:[[@LINE+2]]:21: note: read it in a kernel launched on cudaStreamTailLaunch
  // The first read after the launch says it; the next ones do not.
  out[32] = first + out[0] + out[1];
}

// The child writes through a local copy and a function; an atomic writes.
__global__ void throughCalls(int *out, int *total) {
  viaFunction<<<4, 1>>>(out);
  counts<<<1, 32>>>(total);
  // CHECK: read-child-result.cu:[[@LINE+8]]:7: warning: 'out' is read while the child grid 'viaFunction'{{.*}} [-Wcdp-read-child-result]
  // CHECK: read-child-result.cu:[[@LINE-3]]:3: note: 'viaFunction' is launched here
  // CHECK: read-child-result.cu:30:3: note: 'viaFunction' writes it here
  // CHECK: read-child-result.cu:[[@LINE+5]]:7: note: read it in a kernel
  // CHECK: read-child-result.cu:[[@LINE+4]]:16: warning: 'total' is read while the child grid 'counts'{{.*}} [-Wcdp-read-child-result]
  // CHECK: read-child-result.cu:[[@LINE-6]]:3: note: 'counts' is launched here
  // CHECK: read-child-result.cu:32:38: note: 'counts' writes it here
  // CHECK: read-child-result.cu:[[@LINE+1]]:16: note: read it in a kernel
  if (out[2] > *total)
    out[3] = 0;
}

// In a kernel template, read from its first instance, reported once.
template <class T> __global__ void fill(T *data) { data[threadIdx.x] = T(1); }
template <class T> __global__ void inTemplate(T *data) {
  fill<<<1, 32>>>(data);
  // CHECK: read-child-result.cu:[[@LINE+4]]:14: warning: 'data' is read while the child grid 'fill<int>'{{.*}} [-Wcdp-read-child-result]
  // CHECK: read-child-result.cu:[[@LINE-2]]:3: note: 'fill<int>' is launched here
  // CHECK: read-child-result.cu:[[@LINE-5]]:70: note: 'fill<int>' writes it here
  // CHECK: read-child-result.cu:[[@LINE+1]]:14: note: read it in a kernel
  data[40] = data[0];
}
template __global__ void inTemplate<int>(int *);
template __global__ void inTemplate<float>(float *);

// Not reported.

// The good form: a tail launch reads, after the child has ended.
__global__ void report(const int *out, int *sum) { *sum = out[0] + out[1]; }
__global__ void tailReads(int *out, int *in, int *sum) {
  increment<<<1, 32>>>(out, in);
  report<<<1, 1, 0, cudaStreamTailLaunch>>>(out, sum);
}

// Read before the launch, in another branch, or only what the child reads.
__global__ void notAfter(int *out, int *in, bool launch) {
  int before = out[0];
  if (launch)
    increment<<<1, 32>>>(out, in);
  else
    out[1] = before + out[2];
  int input = in[3];
  in[4] = input;
}

// The pointer given other memory first.
__global__ void reassigned(int *out, int *other, int *in) {
  increment<<<1, 32>>>(out, in);
  out = other;
  other[0] = out[0];
}

// A loop that waits for the child is cdp-spin-on-child's.
__global__ void spins(int *total) {
  counts<<<1, 32>>>(total);
  // CHECK: read-child-result.cu:[[@LINE+2]]:3: warning: this loop waits for the child grid 'counts'{{.*}} [-Wcdp-spin-on-child]
  // CHECK: read-child-result.cu:[[@LINE-2]]:3: note: 'counts' is launched here
  while (atomicAdd(total, 0) < 32)
    ;
}

// A compiled wait is the device-synchronize check's (CDP1 code).
#ifdef COMPILED_WAIT
__global__ void compiledWait(int *waited, int *in) {
  increment<<<1, 32>>>(waited, in);
  cudaDeviceSynchronize();
  in[0] = waited[0];
}
#endif
