// RUN: for g in warp block grid; do \
// RUN:   %cdp-lower --threshold=64 --aggregate=$g %s -o %t.$g.cu 2>&1 \
// RUN:     | count 0 \
// RUN:   && %nvcc-rdc -c %t.$g.cu -o %t.$g.o \
// RUN:   && %strip-checks %t.$g.cu | FileCheck %s --check-prefix=$g || exit 1; \
// RUN: done
//
// A child with barriers and shared memory runs in phases under --threshold
// where its launch is also aggregated, at any granularity, and is
// aggregated above the threshold. (It was refused before the runtime let
// one group of a split warp at a time into a serial run: fuzzer programs
// whose aggregated launches left warps split ran the phases wrong,
// docs/limits.md.)

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
  // warp: {{^}}  if (cdp::serial::fewerThreads(1, 32, 64)) sums_serial<cdp::serial::sameArguments<0>>(1, 32, out); else cdp::aggregated::byWarp(sums_aggregated, {1, 32, 0, cudaStreamFireAndForget}, out);
  // block: {{^}}  if (cdp::serial::fewerThreads(1, 32, 64)) sums_serial<cdp::serial::sameArguments<0>>(1, 32, out); else cdp_sums_block_launches.launch({1, 32, 0, cudaStreamFireAndForget}, out);
  // grid: {{^}}  if (cdp::serial::fewerThreads(1, 32, 64)) sums_serial<cdp::serial::sameArguments<0>>(1, 32, out); else cdp_sums_grid_launches.launch({1, 32, 0, cudaStreamFireAndForget}, out);
  sums<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
}
