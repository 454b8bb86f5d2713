// RUN: not %cdp-lower --check-only %s > %t.1 2>&1
// RUN: %strip-checks %t.1 | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: %strip-checks %t.1 | FileCheck %s --check-prefix=LAUNCH
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 -I%cdp-runtime %s > %t.2 2>&1
// RUN: %strip-checks %t.2 | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: %strip-checks %t.2 | FileCheck %s --check-prefix=LAUNCH
// Below sm_90 a PDL launch is fully serialized: nothing to wait for.
// RUN: %cdp-lower --check-only %s -Wno-cdp-pdl-unsupported-arch -- \
// RUN:   --cuda-gpu-arch=sm_80 2>&1 | FileCheck %s --check-prefix=SM80 \
// RUN:   --implicit-check-not='[-Wcdp' --allow-empty
//
// cdp-pdl-missing-sync: a PDL secondary with a path to its end that never
// calls cudaGridDependencySynchronize().

#include <cdp/pdl.cuh>

__global__ void primary(float *out) { out[threadIdx.x] = 1.0f; }

// CHECK: pdl-missing-sync.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'neverWaits' never calls cudaGridDependencySynchronize(): it may run before its primary has finished, and nothing the primary writes is safe to read [-Wcdp-pdl-missing-sync]
__global__ void neverWaits(float *out, const float *in) {
  out[threadIdx.x] = in[threadIdx.x];
}

// CHECK: pdl-missing-sync.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'earlyReturn' can reach its end without calling cudaGridDependencySynchronize(): on that path it may run before its primary has finished [-Wcdp-pdl-missing-sync]
__global__ void earlyReturn(float *out, const float *in, int n) {
  // CHECK: pdl-missing-sync.cu:[[@LINE+1]]:7: note: on the path where this condition is true
  if (threadIdx.x >= n)
    // CHECK: pdl-missing-sync.cu:[[@LINE+1]]:5: note: returning here without waiting
    return;
  cudaGridDependencySynchronize();
  out[threadIdx.x] = in[threadIdx.x];
}

// CHECK: pdl-missing-sync.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'waitsInOneBranch' can reach its end{{.*}} [-Wcdp-pdl-missing-sync]
__global__ void waitsInOneBranch(float *out, const float *in, bool first) {
  // CHECK: pdl-missing-sync.cu:[[@LINE+1]]:7: note: on the path where this condition is false
  if (first)
    cudaGridDependencySynchronize();
  else
    out[0] = 0.0f;
}

template <class T>
// CHECK: pdl-missing-sync.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'templated<float>' never calls cudaGridDependencySynchronize(){{.*}} [-Wcdp-pdl-missing-sync]
__global__ void templated(T *out) { out[0] = T(); }

// Not reported: waits on every path, directly, in a loop's preamble, through
// a wrapper, or in inline PTX.
__device__ void waitForPrimary() { cudaGridDependencySynchronize(); }

__global__ void waitsEverywhere(float *out, const float *in, int n) {
  float acc = 0;
  for (int i = 0; i < n; ++i)
    acc += i;
  if (n > 2)
    cudaGridDependencySynchronize();
  else
    waitForPrimary();
  out[threadIdx.x] = in[threadIdx.x] + acc;
}

__global__ void waitsInPtx(float *out) {
  asm volatile("griddepcontrol.wait;" ::: "memory");
  out[0] = 1.0f;
}

// Not a secondary: launched plainly, or as the primary of an event.
__global__ void plain(float *out) { out[0] = 2.0f; }
__global__ void eventPrimary(float *out) { out[0] = 3.0f; }

void launches(float *a, float *b, cudaStream_t s, cudaEvent_t e) {
  primary<<<1, 32, 0, s>>>(a);
  // LAUNCH: pdl-missing-sync.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary (programmatic stream serialization): it may start before the previous kernel in its stream has finished
  neverWaits<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, a);
  // LAUNCH: pdl-missing-sync.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  earlyReturn<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, a, 8);
  // LAUNCH: pdl-missing-sync.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  waitsInOneBranch<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, a, true);
  // LAUNCH: pdl-missing-sync.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  templated<<<1, 1, 0, cdp::pdl::streamSerialization(s)>>>(b);
  // The same kernel launched again is reported once.
  neverWaits<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, a);
  waitsEverywhere<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(b, a, 3);
  waitsInPtx<<<1, 1, 0, cdp::pdl::streamSerialization(s)>>>(b);
  plain<<<1, 1, 0, s>>>(b);
  eventPrimary<<<1, 1, 0, cdp::pdl::programmaticEvent(s, e)>>>(b);
}

// A hand-written launch with the attribute is checked the same way.
// CHECK: pdl-missing-sync.cu:[[@LINE+1]]:17: error: PDL secondary kernel 'handWritten' never calls{{.*}} [-Wcdp-pdl-missing-sync]
__global__ void handWritten(float *out) { out[0] = 4.0f; }

void handWrittenLaunch(float *a, cudaStream_t s) {
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t config = {};
  config.gridDim = 1;
  config.blockDim = 1;
  config.stream = s;
  config.attrs = attribute;
  config.numAttrs = 1;
  primary<<<1, 1, 0, s>>>(a);
  // LAUNCH: pdl-missing-sync.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  cudaLaunchKernelEx(&config, handWritten, a);
}

// SM80-NOT: error
