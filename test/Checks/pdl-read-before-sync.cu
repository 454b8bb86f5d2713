// RUN: not %cdp-lower --check-only %s > %t.1 2>&1
// RUN: %strip-checks %t.1 | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: %strip-checks %t.1 | FileCheck %s --check-prefix=LAUNCH
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 -I%cdp-runtime %s > %t.2 2>&1
// RUN: %strip-checks %t.2 | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: %strip-checks %t.2 | FileCheck %s --check-prefix=LAUNCH
//
// cdp-pdl-read-before-sync: a PDL secondary that loads global memory (a
// pointer parameter, a __device__ variable) on some path before
// cudaGridDependencySynchronize().

#include <cdp/pdl.cuh>

__device__ float scale;
struct Buffers {
  float *data;
  int size;
};

__global__ void primary(float *out) { out[threadIdx.x] = 1.0f; }

__global__ void loadsFirst(float *out, const float *in) {
  // CHECK: pdl-read-before-sync.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'loadsFirst' reads global memory through 'in' before cudaGridDependencySynchronize(): its primary may not have written it yet; move the wait above this load [-Wcdp-pdl-read-before-sync]
  float first = in[threadIdx.x];
  cudaGridDependencySynchronize();
  out[threadIdx.x] = first;
}

__global__ void onOnePath(float *out, bool warm) {
  float v = 0;
  // CHECK: pdl-read-before-sync.cu:[[@LINE+2]]:17: error: PDL secondary kernel 'onOnePath' reads global memory through 'scale' before{{.*}} [-Wcdp-pdl-read-before-sync]
  // CHECK: pdl-read-before-sync.cu:[[@LINE+1]]:7: note: on the path where this condition is true
  if (warm) v = scale;
  cudaGridDependencySynchronize();
  out[0] = v;
}

__global__ void throughLocalPointer(Buffers b) {
  float *row = b.data + 4;
  // CHECK: pdl-read-before-sync.cu:[[@LINE+1]]:3: error: PDL secondary kernel 'throughLocalPointer' reads global memory through 'b' before{{.*}} [-Wcdp-pdl-read-before-sync]
  row[0] += 1.0f;
  cudaGridDependencySynchronize();
}

// Not reported: only writes before the wait, and reads after it; the
// pointer values themselves are parameters, not global memory.
__global__ void writesFirst(float *out, const float *in, int n) {
  float *end = out + n;
  out[threadIdx.x] = 0.0f;
  cudaGridDependencySynchronize();
  end[-1] = in[threadIdx.x] * scale;
}

void launches(float *a, float *b, Buffers buffers, cudaStream_t s) {
  primary<<<1, 32, 0, s>>>(a);
  // LAUNCH: pdl-read-before-sync.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary (programmatic stream serialization)
  loadsFirst<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, a);
  // LAUNCH: pdl-read-before-sync.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  onOnePath<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, true);
  // LAUNCH: pdl-read-before-sync.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  throughLocalPointer<<<1, 1, 0, cdp::pdl::streamSerialization(s)>>>(buffers);
  writesFirst<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, a, 32);
}
