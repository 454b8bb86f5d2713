// RUN: %cdp-lower --check-only %s > %t.1 2>&1
// RUN: %strip-checks %t.1 | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: %strip-checks %t.1 | FileCheck %s --check-prefix=LAUNCH
// RUN: %clang-cdp-plugin --cuda-gpu-arch=sm_90 -I%cdp-runtime %s > %t.2 2>&1
// RUN: %strip-checks %t.2 | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: %strip-checks %t.2 | FileCheck %s --check-prefix=LAUNCH
//
// cdp-pdl-restrict-load (a warning): loads in a PDL secondary that the
// compiler may make non-coherent and move above the wait.

#include <cdp/pdl.cuh>

__global__ void primary(float *out) { out[threadIdx.x] = 1.0f; }

__global__ void restrictParams(float *__restrict__ out,
                               const float *__restrict__ in) {
  float acc = threadIdx.x * 2.0f;
  cudaGridDependencySynchronize();
  // CHECK: pdl-restrict-load.cu:[[@LINE+1]]:22: warning: load through '__restrict__' parameter 'in' in PDL secondary kernel 'restrictParams' may be made non-coherent (ld.global.nc) and moved above cudaGridDependencySynchronize(); drop '__restrict__' from parameters the primary writes [-Wcdp-pdl-restrict-load]
  out[threadIdx.x] = in[threadIdx.x] + in[0] + acc;
  // CHECK: pdl-restrict-load.cu:[[@LINE-5]]:58: note: 'in' declared here
}

__global__ void withLdg(float *out, const float *in) {
  cudaGridDependencySynchronize();
  // CHECK: pdl-restrict-load.cu:[[@LINE+1]]:16: warning: __ldg() load of 'in' in PDL secondary kernel 'withLdg' reads through the non-coherent read-only path, which the compiler may move above cudaGridDependencySynchronize(); use a plain load for data the primary writes [-Wcdp-pdl-restrict-load]
  out[0] = 1 + __ldg(&in[threadIdx.x]);
  // CHECK: pdl-restrict-load.cu:[[@LINE-4]]:50: note: 'in' declared here
}

// Not reported: plain loads, and restrict loads outside a PDL secondary.
__global__ void plainLoads(float *out, const float *in) {
  cudaGridDependencySynchronize();
  out[0] = in[0];
}
__global__ void notSecondary(float *__restrict__ out,
                             const float *__restrict__ in) {
  out[0] = in[0];
}

void launches(float *a, float *b, cudaStream_t s) {
  primary<<<1, 32, 0, s>>>(a);
  // LAUNCH: pdl-restrict-load.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  restrictParams<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, a);
  // LAUNCH: pdl-restrict-load.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  withLdg<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, a);
  plainLoads<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, a);
  notSecondary<<<1, 32, 0, s>>>(b, a);
}
