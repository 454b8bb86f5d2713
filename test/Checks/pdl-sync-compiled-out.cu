// RUN: not %cdp-lower --check-only %s > %t.1 2>&1
// RUN: %strip-checks %t.1 | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: %strip-checks %t.1 | FileCheck %s --check-prefix=LAUNCH
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 -I%cdp-runtime %s > %t.2 2>&1
// RUN: %strip-checks %t.2 | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: %strip-checks %t.2 | FileCheck %s --check-prefix=LAUNCH
// For sm_100 both guards keep the wait.
// RUN: %cdp-lower --check-only %s -- --cuda-gpu-arch=sm_100 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SM100 --allow-empty \
// RUN:     --implicit-check-not='[-Wcdp'
//
// cdp-pdl-sync-compiled-out: the wait of a PDL secondary removed by the
// preprocessor for a target that runs the launch as PDL.

#include <cdp/pdl.cuh>

__global__ void primary(float *out) { out[threadIdx.x] = 1.0f; }

// A guard written for one architecture only.
// CHECK: pdl-sync-compiled-out.cu:[[@LINE+4]]:3: error: the cudaGridDependencySynchronize() of PDL secondary kernel 'guarded' is compiled out for sm_90, which runs the launch as a programmatic dependent launch: there the kernel may read its primary's results before they are written [-Wcdp-pdl-sync-compiled-out]
// CHECK: pdl-sync-compiled-out.cu:[[@LINE+2]]:1: note: removed by this preprocessor condition for sm_90
__global__ void guarded(float *out, const float *in) {
#if __CUDA_ARCH__ >= 1000
  cudaGridDependencySynchronize();
#endif
  out[threadIdx.x] = in[threadIdx.x];
}

// A macro whose waiting definition is the one not taken.
#define WAIT_FOR_PRIMARY()
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 1000
#undef WAIT_FOR_PRIMARY
#define WAIT_FOR_PRIMARY() asm volatile("griddepcontrol.wait;" ::: "memory")
#endif

__global__ void throughMacro(float *out, const float *in) {
  // CHECK: pdl-sync-compiled-out.cu:[[@LINE+2]]:3: error: the cudaGridDependencySynchronize() of PDL secondary kernel 'throughMacro' is compiled out for sm_90{{.*}} [-Wcdp-pdl-sync-compiled-out]
  // CHECK: pdl-sync-compiled-out.cu:[[@LINE-5]]:1: note: 'WAIT_FOR_PRIMARY' waits only in this definition, which is not the one in force for sm_90
  WAIT_FOR_PRIMARY();
  out[0] = in[0];
}

// Not reported: the usual guard, which keeps the wait from sm_90 on.
__global__ void usualGuard(float *out, const float *in) {
#if __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
#endif
  out[0] = in[0];
}

void launches(float *a, float *b, cudaStream_t s) {
  primary<<<1, 32, 0, s>>>(a);
  // LAUNCH: pdl-sync-compiled-out.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  guarded<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, a);
  // LAUNCH: pdl-sync-compiled-out.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  throughMacro<<<1, 1, 0, cdp::pdl::streamSerialization(s)>>>(b, a);
  usualGuard<<<1, 1, 0, cdp::pdl::streamSerialization(s)>>>(b, a);
}

// SM100-NOT: error
