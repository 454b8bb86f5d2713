// RUN: cd %S && %cdp-lower basic.cu -o %t.cu
// RUN: diff -u %S/Expected/basic.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// The four forms of the launch configuration, kernels without parameters
// and with default arguments. Comments and line breaks inside the operands
// survive the rewrite.

#include <cstdio>

struct Pair {
  float a;
  double b;
};

__global__ void child(int *out, char tag, double scale, Pair p) {}
__global__ void noParams() {}
__global__ void withDefaults(int *out, int count = 4, double scale = 0.5) {}

__global__ void parent(int *out, cudaStream_t stream, int n, size_t bytes) {
  dim3 grid(n, 2), block(32);
  child<<<grid, block>>>(out, 'x', 1.5, Pair{1.f, 2.0});
  child<<<n, 32, bytes>>>(out, 1, 0.0, Pair{});
  child<<<1, 1, 0, stream>>>(out /* the output */, 2,
                             3.0, // the scale
                             Pair{0.f, 0.0});
  noParams<<<1, 1>>>();
  withDefaults<<<1, 1>>>(out);
  withDefaults<<<1, 1>>>(out, 8);
}
