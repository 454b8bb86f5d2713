// Plain lowering, under a kernel's own register cap:
// RUN: %cdp-lower %s -o %t.plain.cu -- -DOWN_CAP -Wno-unknown-attributes
// RUN: %nvcc-rdc -G -DOWN_CAP -c %t.plain.cu -o %t.plain.o
// RUN: %nvcc -arch=sm_90 -G -dlink %t.plain.o -o %t.plain.link.o
// A transform, whose kernels get the runtime's bounds:
// RUN: %cdp-lower --optimize %s -o %t.optimized.cu
// RUN: grep -c '^__global__ void CDP_RUNTIME_LAUNCH_BOUNDS parent' %t.optimized.cu
// RUN: %nvcc-rdc -G -c %t.optimized.cu -o %t.optimized.o
// RUN: %nvcc -arch=sm_90 -G -dlink %t.optimized.o -o %t.optimized.link.o
// And the same without -G:
// RUN: %nvcc-rdc -c %t.optimized.cu -o %t.release.o
// RUN: %nvcc -arch=sm_90 -dlink %t.release.o -o %t.release.link.o
//
// A device-debug build (nvcc -G, as ProteinSimGPU's Makefile builds) calls
// every function out of line, each compiled for as many registers as it
// wants, and nvlink refuses a kernel with a register cap that calls one
// wanting more ("entry function ... with max regcount of 64 calls function
// ... with regcount of 99"). nvcc's own launch sequence is inline, so the
// launch path of cdp/launch.cuh is __forceinline__ under -G, and the
// bounds the lowering gives a kernel that runs the runtime's code
// (CDP_RUNTIME_LAUNCH_BOUNDS) are none.

#include <cuda_runtime.h>

__global__ void child(int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(out, i);
}

#ifdef OWN_CAP
// 32 registers a thread.
__global__ void __launch_bounds__(1024, 2) capped(int *out) {
  child<<<1, 32>>>(out, 32);
}
#endif

__global__ void parent(int *out, const int *counts) {
  const int n = counts[blockIdx.x * blockDim.x + threadIdx.x];
  child<<<(n + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(out, n);
}
