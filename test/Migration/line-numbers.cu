// RUN: %cdp-lower --migrate-cdp1 %s -o %t.cu -- -std=c++17
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: cp %s %t.fixed.cu && %cdp-lower --migrate-cdp1 --fix %t.fixed.cu -- -std=c++17
// RUN: %strip-checks %t.fixed.cu | FileCheck %s --check-prefix=FIXED --implicit-check-not='{{^#line}}'
//
// Migrated on its way to the lowering (-o, -i, cdp-nvcc), the code after
// each rewrite keeps its line numbers, as the lowering's own rewrites do:
// a removed wait leaves its line blank, the continuations' declarations
// and definitions are followed by `#line`. The static_asserts below hold in
// the original, so nvcc compiling the output checks them there too (cms-
// patatrack's cudaCheck(__LINE__) printed the line before its own). --fix
// gives the user's source migrated, without directives.

__global__ void child(int *p) { *p = 1; }

__global__ void removal(int *p) {
  child<<<1, 1>>>(p);
  cudaDeviceSynchronize();
}
static_assert(__LINE__ == 21, "after a removal");

// CHECK: __global__ void sumTree_continuation(
// CHECK: #line [[@LINE+1]]
__global__ void sumTree(const int *in, int n, long long *out) {
  if (n <= 1) {
    *out = in[0];
    return;
  }
  long long *partial = (long long *)malloc(2 * sizeof(long long));
  sumTree<<<1, 1>>>(in, n / 2, partial);
  sumTree<<<1, 1>>>(in + n / 2, n - n / 2, partial + 1);
  cudaDeviceSynchronize();
  *out = partial[0] + partial[1];
  free(partial);
}
// CHECK: #line [[@LINE]]
static_assert(__LINE__ == 38, "after a continuation");

// FIXED: __global__ void sumTree_continuation(
