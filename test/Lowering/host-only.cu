// RUN: %cdp-lower %s -o %t.cu
// RUN: diff %s %t.cu
// RUN: cp %s %t.inplace.cu && touch -d '2001-01-01' %t.inplace.cu
// RUN: %cdp-lower -i %t.inplace.cu
// RUN: diff %s %t.inplace.cu
// RUN: test "$(date -r %t.inplace.cu +%%Y)" = 2001
//
// A file without device-side launches comes out byte for byte, and -i does
// not even rewrite it.

#include <cstdio>

#define LAUNCH(k) k<<<1, 1>>>()

__global__ void kernel() { printf("hi\n"); }

__device__ int twice(int x) { return 2 * x; }   // odd   spacing kept

int main() {
  kernel<<<1, 1>>>();
  LAUNCH(kernel);
  cudaDeviceSynchronize();
  return 0;
}
