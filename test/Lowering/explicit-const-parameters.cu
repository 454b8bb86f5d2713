// RUN: %cdp-lower --emit=explicit %s -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --emit=explicit %t.cu | diff -u %t.cu -
//
// A parameter declared const (`const int n`, a pointer that is itself
// const, a `const __grid_constant__` struct) is stored through a pointer
// to its unqualified type: assigning through a `const int *` does not
// compile, and the explicit form (the default in an `nvcc -G` build) once
// wrote one for every such parameter.

struct Params {
  int *out;
  int n;
  float scale[8];
};

__global__ void child(int *out, const int n, const float *const p) {
  if (threadIdx.x < n)
    out[threadIdx.x] = p[0];
}

__global__ void byConstant(const __grid_constant__ Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n)
    p.out[i] = (int)(p.scale[i % 8] * i);
}

// CHECK-LABEL: parent(int *out, int n, const float *p)
__global__ void parent(int *out, int n, const float *p) {
  // CHECK: void (*cdp_kernel)(int *, int, const float *) = child;
  // CHECK: *reinterpret_cast<int **>(cdp_params + 0) = cdp_arg0;
  // CHECK: *reinterpret_cast<int *>(cdp_params + 8) = cdp_arg1;
  // CHECK: *reinterpret_cast<const float **>(cdp_params + 16) = cdp_arg2;
  child<<<1, 32>>>(out, n, p);
  Params params{out, n, {1, 2, 3, 4, 5, 6, 7, 8}};
  // CHECK: *reinterpret_cast<::Params *>(cdp_params + 0) = cdp_arg0;
  byConstant<<<(n + 31) / 32, 32>>>(params);
}
