// RUN: %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NVCC --allow-empty \
// RUN:     --implicit-check-not='[-Wcdp'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 -I%cdp-runtime %s > %t 2>&1
// RUN: %strip-checks %t | FileCheck %s --check-prefix=CLANG \
// RUN:   --implicit-check-not='[-Wcdp'
//
// cdp-pdl-sync-compiled-out with a guard that tests nvcc's version, written as
// FlashInfer's kernels guard their wait. cdp-lower reads the file as nvcc
// does, which defines __CUDACC_VER_MAJOR__, and keeps the wait; before it
// defined the version, it reported this wait as compiled out, and it is
// not. A clang build defines no __CUDACC_VER_MAJOR__ and does compile the
// wait out: the plugin, which runs in clang's own parse, reports it.

#include <cdp/pdl.cuh>

__global__ void primary(float *out) { out[threadIdx.x] = 1.0f; }

// CLANG: pdl-sync-nvcc-version.cu:[[@LINE+4]]:16: error: the cudaGridDependencySynchronize() of PDL secondary kernel 'versionGuard' is compiled out for sm_90{{.*}} [-Wcdp-pdl-sync-compiled-out]
// CLANG: pdl-sync-nvcc-version.cu:[[@LINE+2]]:1: note: removed by this preprocessor condition for sm_90
__global__ void versionGuard(float *out, const float *in) {
#if (__CUDACC_VER_MAJOR__ >= 12 && defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900))
  asm volatile("griddepcontrol.wait;");
#endif
  out[threadIdx.x] = in[threadIdx.x];
}

void launches(float *a, float *b, cudaStream_t s) {
  primary<<<1, 32, 0, s>>>(a);
  // CLANG: pdl-sync-nvcc-version.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  versionGuard<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, a);
}

// NVCC-NOT: error
