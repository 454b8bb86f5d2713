// RUN: for g in warp block grid; do \
// RUN:   %cdp-lower --threshold=64 --aggregate=$g %s -o %t.$g.cu 2>&1 \
// RUN:     | FileCheck %s --implicit-check-not=warning: \
// RUN:   && %nvcc-rdc -c %t.$g.cu -o %t.$g.o \
// RUN:   && not grep -q 'sums_serial[(]' %t.$g.cu || exit 1; \
// RUN: done
// RUN: %cdp-lower --threshold=64 %s -o %t.alone.cu 2>&1 | count 0
// RUN: grep -q 'sums_serial[(]' %t.alone.cu
//
// A child with barriers and shared memory runs in phases under
// --threshold alone, and not where its launch is also aggregated, at any
// granularity: fuzzer programs whose aggregated launches left warps split
// ran the phases wrong (docs/limits.md). Its launches are aggregated.

#include <cdp/launch.cuh>

__global__ void sums(unsigned long long *out) {
  __shared__ unsigned long long total;
  if (threadIdx.x == 0)
    total = 0;
  __syncthreads();
  atomicAdd(&total, threadIdx.x);
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(out, total);
}

__global__ void parent(unsigned long long *out) {
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'sums' always launches a grid under --threshold, even a small one: 'sums' has barriers or shared memory, and its serial run in phases is not taken where launches are aggregated
  sums<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
}
