// RUN: %cdp-lower --aggregate=block %s -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %s | FileCheck %s --check-prefix=PLAIN
//
// A file that includes cdp/launch.cuh itself (for cdp::serial, say) and
// aggregates launches gets cdp/aggregate.cuh too, which the aggregated
// kernels need; lowered only, it gets nothing.

// CHECK: {{^}}#include <cdp/aggregate.cuh>
// CHECK: {{^}}#include <cdp/launch.cuh>
// PLAIN-NOT: {{^}}#include <cdp/aggregate.cuh>
#include <cdp/launch.cuh>

__global__ void child(int *out) { out[threadIdx.x] = 1; }

__global__ void parent(int *out) {
  child<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
}
