// RUN: %cdp-lower --aggregate=warp %s -o %t.warp.cu
// RUN: %strip-checks %t.warp.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.warp.cu -o %t.warp.o
// RUN: %cdp-lower --aggregate=block %s -o %t.block.cu
// RUN: %nvcc-rdc -c %t.block.cu -o %t.block.o
//
// A kernel template that launches itself, first in its file, with a
// default template argument: its aggregated copy is declared before it,
// after the runtime's include that the declaration needs, with the
// default; the copy's definition leaves the default out, for a default
// may be given once.

// CHECK: {{^}}#include <cdp/aggregate.cuh>
// CHECK-NEXT: {{^}}#line [[@LINE+5]]
// CHECK-NEXT: {{^}}template <class T, int Factor = 2>
// CHECK-NEXT: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS walk_aggregated(cdp::aggregated::Batch<T *, int> cdp_batch);
// CHECK: {{^}}template <class T, int Factor>
// CHECK-NEXT: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS walk_aggregated(cdp::aggregated::Batch<T *, int> cdp_batch) {
template <class T, int Factor = 2>
__global__ void walk(T *data, int depth) {
  data[threadIdx.x] *= Factor;
  if (depth > 0 && threadIdx.x % 8 == 0)
    walk<T><<<1, 32, 0, cudaStreamFireAndForget>>>(data + 32, depth - 1);
}

template <class T> __global__ void start(T *data) {
  walk<T, 3><<<1, 32, 0, cudaStreamFireAndForget>>>(data, 2);
  walk<<<1, 32, 0, cudaStreamFireAndForget>>>(data, 2);
}
template __global__ void start<float>(float *);
template __global__ void walk<int>(int *, int);
