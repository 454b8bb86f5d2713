// RUN: %cdp-lower --threshold=64 %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=WARN --allow-empty
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: grep fewerThreads %t.cu | grep -o '[a-z]*_serial[^(]*(' | FileCheck %s
// WARN-NOT: {{.}}
//
// A launch in a kernel names the arguments that every lane passes the
// same (cdp::serial::sameArguments): those computed only from the
// kernel's unchanged parameters, constants, blockDim and gridDim. The
// serial run takes them from the lane itself, not from the lane whose
// grid it runs. Anything else, and any launch outside a kernel, names
// none. The mask has 64 bits: later arguments are not named.

#include <cdp/launch.cuh>

__global__ void child(int *out, int a, int b) { out[threadIdx.x] = a + b; }

#define P(n) int a##n
__global__ void wide(int *out, P(1), P(2), P(3), P(4), P(5), P(6), P(7),
                     P(8), P(9), P(10), P(11), P(12), P(13), P(14), P(15),
                     P(16), P(17), P(18), P(19), P(20), P(21), P(22), P(23),
                     P(24), P(25), P(26), P(27), P(28), P(29), P(30), P(31),
                     P(32), P(33), P(34), P(35), P(36), P(37), P(38), P(39),
                     P(40), P(41), P(42), P(43), P(44), P(45), P(46), P(47),
                     P(48), P(49), P(50), P(51), P(52), P(53), P(54), P(55),
                     P(56), P(57), P(58), P(59), P(60), P(61), P(62), P(63),
                     P(64), P(65)) {
  out[threadIdx.x] = a1 + a65;
}

__device__ void fromDevice(int *out, int k) {
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, k, 1);
  // CHECK: child_serial(
}

__global__ void parent(int *out, int k, int changed, const int *table) {
  ++changed;
  const int twice = 2 * k;
  // out, k, twice and blockDim.x are the same in every lane.
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, k, twice + blockDim.x);
  // CHECK-NEXT: child_serial<cdp::serial::sameArguments<0, 1, 2>>(
  // threadIdx, a changed parameter and memory are not.
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, threadIdx.x, changed);
  // CHECK-NEXT: child_serial<cdp::serial::sameArguments<0>>(
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out + threadIdx.x, table[0], 0);
  // CHECK-NEXT: child_serial<cdp::serial::sameArguments<2>>(
  // In a __device__ function, parameters may differ per lane.
  fromDevice(out, k);
  // Arguments 0 to 63 are named, 64 and 65 not.
  wide<<<1, 8, 0, cudaStreamFireAndForget>>>(
      out, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k,
      k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k,
      k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k, k);
  // CHECK-NEXT: wide_serial<cdp::serial::sameArguments<0, 1, {{.*}}, 62, 63>>(
}
