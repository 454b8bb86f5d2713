// RUN: %cdp-lower --aggregate=block %s -o %t.cu -- -Wno-unknown-attributes \
// RUN:   2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %strip-checks %t.cu | FileCheck %s --check-prefix=OUT
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --aggregate=block %t.cu -- -Wno-unknown-attributes \
// RUN:   | diff -u %t.cu -
//
// A kernel that aggregates launches is bounded to 1,024 threads a block,
// unless it has bounds of its own; nvcc's register cap, __maxnreg__, is
// bounds of its own (clang drops it, so the tool reads it in the text),
// and nvcc refuses __launch_bounds__ beside it. The aggregated copy of a
// capped child keeps the child's cap.

#include <cdp/aggregate.cuh>

__global__ void __maxnreg__(40) capped(int *out) { out[threadIdx.x] = 1; }
__global__ void plain(int *out) { out[threadIdx.x] = 2; }

// OUT: __global__ void __maxnreg__(40) capped_aggregated(
// OUT: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS plain_aggregated(

// OUT: __global__ void __maxnreg__(64) cappedParent(int *out) {
__global__ void __maxnreg__(64) cappedParent(int *out) {
  capped<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
  plain<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
}

// A declaration before the definition carries the cap.
__global__ void __maxnreg__(48) declaredParent(int *out);
// OUT: __global__ void declaredParent(int *out) {
__global__ void declaredParent(int *out) {
  plain<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
}

// OUT: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS plainParent(int *out) {
__global__ void plainParent(int *out) {
  plain<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
}
