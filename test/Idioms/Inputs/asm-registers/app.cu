#include "clock.h"

__global__ void child(unsigned *out, unsigned sm) { out[0] = sm; }

__global__ void parent(unsigned *out, unsigned long long *when) {
  unsigned sm, lane;
  asm("mov.u32 %0, %smid;" : "=r"(sm));
  asm volatile("mov.u32 %0, %laneid;\n\t"
               "// %% stays, %0 is an operand" : "=r"(lane));
  asm volatile("membar.gl;"); // No operands: no escapes at all.
  child<<<1, 1>>>(out, sm + lane);
  launchStamped(when);
}

#ifndef AS_NVCC_13_BUILDS_IT // CUDA 13 has no device-side synchronize.
__global__ void migrated(unsigned *out) {
  unsigned warp;
  asm("mov.u32 %0, %warpid;" : "=r"(warp));
  child<<<1, 1>>>(out, warp);
  cudaDeviceSynchronize();
}
#endif
