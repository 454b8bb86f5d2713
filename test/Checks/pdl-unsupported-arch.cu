// RUN: not %cdp-lower --check-only %s -- --cuda-gpu-arch=sm_80 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_80 -I%cdp-runtime %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM90 --allow-empty \
// RUN:     --implicit-check-not='[-Wcdp'
//
// cdp-pdl-unsupported-arch: griddepcontrol below sm_90, which ptxas
// rejects without naming the source line.

__global__ void waits(float *out) {
  // CHECK: pdl-unsupported-arch.cu:[[@LINE+1]]:3: error: cudaGridDependencySynchronize() compiles to 'griddepcontrol.wait', which needs sm_90 or later, but this code is compiled for sm_80, where ptxas rejects it; guard it with '#if __CUDA_ARCH__ >= 900' (a PDL launch on an older GPU is fully serialized, so nothing needs to wait there) [-Wcdp-pdl-unsupported-arch]
  cudaGridDependencySynchronize();
  out[0] = 1.0f;
  // CHECK: pdl-unsupported-arch.cu:[[@LINE+1]]:3: error: cudaTriggerProgrammaticLaunchCompletion() compiles to 'griddepcontrol.launch_dependents', which needs sm_90 or later{{.*}} [-Wcdp-pdl-unsupported-arch]
  cudaTriggerProgrammaticLaunchCompletion();
}

__device__ void waitInPtx() {
  // CHECK: pdl-unsupported-arch.cu:[[@LINE+1]]:3: error: inline PTX 'griddepcontrol', which needs sm_90 or later, but this code is compiled for sm_80{{.*}} [-Wcdp-pdl-unsupported-arch]
  asm volatile("griddepcontrol.wait;" ::: "memory");
}

// Not reported: guarded, and other inline PTX.
__global__ void guarded(float *out) {
#if __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
#endif
  asm volatile("membar.gl;" ::: "memory");
  out[0] = 1.0f;
}

// SM90-NOT: error
