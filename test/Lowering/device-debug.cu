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
// nvcc's own -G command: the parse defines __CUDACC_DEBUG__ as nvcc does,
// and the plain lowering is in the explicit form.
// RUN: %cdp-lower --nvcc-flags %s -o %t.debug.cu -- -arch=sm_90 -rdc=true -G
// RUN: %strip-checks %t.debug.cu | FileCheck %s --check-prefix=DEBUG
// RUN: %nvcc-rdc -G -c %t.debug.cu -o %t.debug.o
// RUN: %nvcc -arch=sm_90 -G -dlink %t.debug.o -o %t.debug.link.o
// --emit chooses for itself:
// RUN: %cdp-lower --emit=runtime --nvcc-flags %s -o %t.asked.cu -- -arch=sm_90 -rdc=true -G
// RUN: %strip-checks %t.asked.cu | FileCheck %s --check-prefix=ASKED
// A transform keeps the runtime form, and says nothing of it (it was not
// asked for):
// RUN: %cdp-lower --optimize --nvcc-flags %s -o %t.debug-opt.cu -- -arch=sm_90 -rdc=true -G 2>&1 | count 0
// RUN: %strip-checks %t.debug-opt.cu | FileCheck %s --check-prefix=ASKED
//
// A device-debug build (nvcc -G, as ProteinSimGPU's Makefile builds) calls
// every function out of line, each compiled for as many registers as it
// wants, and nvlink refuses a kernel with a register cap that calls one
// wanting more ("entry function ... with max regcount of 64 calls function
// ... with regcount of 99"). nvcc's own launch sequence is inline, so the
// launch path of cdp/launch.cuh is __forceinline__ under -G, and the
// bounds the lowering gives a kernel that runs the runtime's code
// (CDP_RUNTIME_LAUNCH_BOUNDS) are none.
//
// -G also compiles the runtime form's chain of calls as written: a launch
// cost 4.4x nvcc's, the explicit form's 1.2x (H200, six launches from one
// thread), and ProteinSimGPU's -G build took 4.2 s lowered, 2.3 in the
// explicit form and nvcc's build. So a device-debug build gets the explicit
// form unless --emit says otherwise, or a transform needs the runtime's.

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
// DEBUG-NOT: cdp::DeviceLaunch
// DEBUG: void *cdp_buffer = cudaGetParameterBufferV2(
// DEBUG: cudaLaunchDeviceV2(cdp_buffer, cdp_stream);
// ASKED: cdp::DeviceLaunch<void(int *, int)>(child,
