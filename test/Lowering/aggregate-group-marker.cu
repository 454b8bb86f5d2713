// RUN: %cdp-lower %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN --allow-empty \
// RUN:       --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %strip-checks %t.cu | FileCheck %s
// WARN-NOT: {{.}}
//
// The marker cdp::aggregate::group() aggregates its launch by groups of 4
// consecutive blocks without --aggregate, in the stream it wraps (here
// none: the null stream).

#include <cdp/aggregate.cuh>

__global__ void child(int *out, int v) { out[threadIdx.x] = v; }

__global__ void parent(int *out) {
  child<<<1, 32, 0, cdp::aggregate::group()>>>(out + 32 * blockIdx.x,
                                                threadIdx.x);
}
// CHECK-LABEL: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS parent(int *out) {
// CHECK-NEXT:   // The launches of 'child' by this group of 4 blocks, made as one when it ends.
// CHECK-NEXT:   cdp::aggregated::GroupScope<child_aggregated, 4> cdp_child_group_launches;
// CHECK-NEXT: #line 17
// CHECK-NEXT:   cdp_child_group_launches.launch({1, 32, 0, 0}, out + 32 * blockIdx.x,
