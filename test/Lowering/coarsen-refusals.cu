// RUN: %cdp-lower --coarsen=2 %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: not grep -q '[_]coarsened' %t.cu
//
// Launches that coarsening would change the meaning of: each is only
// lowered, with a warning that says why.

#include <cdp/launch.cuh>

__global__ void syncsAfterReturn(int *out, int n) {
  if (threadIdx.x >= n)
    return;
  out[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] += out[(threadIdx.x + 1) % n];
}

__device__ unsigned blockNumber() { return blockIdx.x; }
__global__ void usesHelper(int *out) { out[blockNumber()] = 1; }

__global__ void readsCtaid(int *out) {
  unsigned block;
  asm("mov.u32 %0, %%ctaid.x;" : "=r"(block));
  out[block] = 1;
}

template <class T, int Step = 1> __global__ void strided(T *out) {
  out[threadIdx.x * Step] = 1;
}

// A template's launch of the kernel its parameter chooses: named as
// written in the reasons, not as the instance.
template <class T> __global__ void helped(T *out) { out[blockNumber()] = 1; }
template <class T> __device__ void launchHelped(T *out) {
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'helped<T>' keeps one block per block asked for under --coarsen: 'helped<T>' calls 'blockNumber', which reads blockIdx or gridDim (or uses cooperative groups); in a coarsened grid it would see the block that runs it, not the block it stands for
  // CHECK: :19:21: note: 'blockNumber' declared here
  helped<T><<<4, 32>>>(out);
}
template <class T> __device__ void neverMade(T *out) {
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'strided' keeps one block per block asked for under --coarsen: it is in a template, and which kernel it launches depends on the template's parameters; this file makes no instance of 'neverMade' that says which
  strided<<<4, 32>>>(out);
}

__global__ void child(int *out) { out[threadIdx.x] = 1; }

#define LAUNCH_CHILD(out) child<<<4, 32>>>(out)

__global__ void parent(int *out, int n) {
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'syncsAfterReturn' keeps one block per block asked for under --coarsen: 'syncsAfterReturn' has barriers and may return early: a thread that returned from one block would meet the next block's barrier while the others wait at this block's
  // CHECK: :13:5: note: it returns here
  syncsAfterReturn<<<4, 32>>>(out, n);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'usesHelper' keeps one block per block asked for under --coarsen: 'usesHelper' calls 'blockNumber', which reads blockIdx or gridDim (or uses cooperative groups); in a coarsened grid it would see the block that runs it, not the block it stands for
  // CHECK: :19:21: note: 'blockNumber' declared here
  usesHelper<<<4, 32>>>(out);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'readsCtaid' keeps one block per block asked for under --coarsen: 'readsCtaid' reads the grid's shape in inline assembly, which would see the coarsened grid's
  // CHECK: :24:3: note: the assembly is here
  readsCtaid<<<4, 32>>>(out);
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'strided<int, 1>' keeps one block per block asked for under --coarsen: 'strided<int, 1>' is a template whose parameter 'Step' has a default, which coarsening does not handle
  strided<<<4, 32>>>(out);
  launchHelped(out);
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'child' keeps one block per block asked for under --coarsen: it is written in a macro; coarsening rewrites only launches written out in the file
  LAUNCH_CHILD(out);
  void (*kernel)(int *) = child;
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'kernel' keeps one block per block asked for under --coarsen: it launches through a pointer to a kernel, whose body cdp-lower cannot copy
  kernel<<<4, 32>>>(out);
}
