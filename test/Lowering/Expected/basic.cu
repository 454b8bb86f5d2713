// RUN: cd %S && %cdp-lower basic.cu -o %t.cu
// RUN: diff -u %S/Expected/basic.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// The four forms of the launch configuration, kernels without parameters
// and with default arguments. Comments and line breaks inside the operands
// survive the rewrite.

#include <cdp/launch.cuh>
#line 10 "basic.cu"
#include <cstdio>

struct Pair {
  float a;
  double b;
};

__global__ void child(int *out, char tag, double scale, Pair p) {}
__global__ void noParams() {}
__global__ void withDefaults(int *out, int count = 4, double scale = 0.5) {}

using cdp_launch_child = cdp::DeviceLaunch<void(int *, char, double, ::Pair)>;
#line 21
__global__ void parent(int *out, cudaStream_t stream, int n, size_t bytes) {
  dim3 grid(n, 2), block(32);
  cdp_launch_child(child, {grid, block})
      .arg<0>(out)
      .arg<8>('x')
      .arg<16>(1.5)
      .arg<24>(Pair{1.f, 2.0})
      .launch();
#line 24
  cdp_launch_child(child, {n, 32, bytes})
      .arg<0>(out)
      .arg<8>(1)
      .arg<16>(0.0)
      .arg<24>(Pair{})
      .launch();
#line 25
  cdp_launch_child(child, {1, 1, 0, stream}).arg<0>(out /* the output */).arg<8>(2)
                             .arg<16>(3.0) // the scale
                             .arg<24>(Pair{0.f, 0.0}).launch();
  cdp::DeviceLaunch<void()>(noParams, {1, 1}).launch();
  cdp::DeviceLaunch<void(int *, int, double)>(withDefaults, {1, 1})
      .arg<0>(out)
      .arg<8>(4)
      .arg<16>(0.5)
      .launch();
#line 30
  cdp::DeviceLaunch<void(int *, int, double)>(withDefaults, {1, 1})
      .arg<0>(out)
      .arg<8>(8)
      .arg<16>(0.5)
      .launch();
#line 31
}
