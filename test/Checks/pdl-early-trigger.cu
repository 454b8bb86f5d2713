// RUN: %cdp-lower --check-only %s > %t.1 2>&1
// RUN: %strip-checks %t.1 | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: %strip-checks %t.1 | FileCheck %s --check-prefix=LAUNCH
// RUN: %clang-cdp-plugin --cuda-gpu-arch=sm_90 -I%cdp-runtime %s > %t.2 2>&1
// RUN: %strip-checks %t.2 | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: %strip-checks %t.2 | FileCheck %s --check-prefix=LAUNCH
// A remark, off with -Wno-, an error with -Werror= only.
// RUN: %cdp-lower --check-only %s -Wno-cdp-pdl-early-trigger 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --allow-empty \
// RUN:     --implicit-check-not='[-Wcdp'
// RUN: %cdp-lower --check-only %s -Werror 2>&1 | FileCheck %s
// RUN: not %cdp-lower --check-only %s -Werror=cdp-pdl-early-trigger 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR
//
// cdp-pdl-early-trigger (a remark): the primary writes, after
// cudaTriggerProgrammaticLaunchCompletion(), memory its secondary reads.

#include <cdp/pdl.cuh>

__global__ void producer(float *result, float *scratch, const float *in) {
  result[threadIdx.x] = in[threadIdx.x];
  cudaTriggerProgrammaticLaunchCompletion();
  // CHECK: pdl-early-trigger.cu:[[@LINE+2]]:3: remark: primary kernel 'producer' writes 'result' after cudaTriggerProgrammaticLaunchCompletion(), and PDL secondary 'consumer' reads it: the trigger does not publish this write, which 'consumer' sees only after its cudaGridDependencySynchronize() waits for all of 'producer' [-Wcdp-pdl-early-trigger]
  // ERROR: pdl-early-trigger.cu:[[@LINE+1]]:3: error: primary kernel 'producer' writes 'result' after{{.*}} [-Werror,-Wcdp-pdl-early-trigger]
  result[threadIdx.x + 32] = 2.0f;
  // Not reported: the secondary does not read scratch.
  scratch[threadIdx.x] = 3.0f;
}

__global__ void consumer(float *out, const float *result) {
  cudaGridDependencySynchronize();
  out[threadIdx.x] = result[threadIdx.x];
}

// Not reported: every write before the trigger.
__global__ void tidyProducer(float *result) {
  result[threadIdx.x] = 1.0f;
  cudaTriggerProgrammaticLaunchCompletion();
}

void launches(float *result, float *scratch, float *in, float *out,
              cudaStream_t s) {
  // LAUNCH: pdl-early-trigger.cu:[[@LINE+1]]:3: note: 'producer' launched here as the primary
  producer<<<1, 32, 0, s>>>(result, scratch, in);
  // LAUNCH: pdl-early-trigger.cu:[[@LINE+1]]:3: note: launched here as a PDL secondary
  consumer<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(out, result);
  tidyProducer<<<1, 32, 0, s>>>(result);
  consumer<<<1, 32, 0, cdp::pdl::streamSerialization(s)>>>(out, result);
}

// OFF-NOT: remark
