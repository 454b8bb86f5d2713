// RUN: cd %S && %cdp-lower macros.cu -o %t.cu
// RUN: diff -u %S/Expected/macros.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
// RUN: %cdp-lower --runtime-checks macros.cu -o %t.checked.cu
// RUN: %nvcc-rdc -c %t.checked.cu -o %t.checked.o
//
// A launch written in a macro body is rewritten in the macro's definition,
// once for all its uses, when every use is a device-side launch of one
// kernel (error-macro-body.cu has the refusals): the runtime lays out the
// parameters of whichever kernel a use names, and `.args(...)` takes the
// arguments whatever their number. Arguments that one macro supplies
// together take the same `.args(...)` at an ordinary launch.

#include <cdp/launch.cuh>
#line 15 "macros.cu"
#define LAUNCH_ONE(kernel, value) cdp::DeviceLaunch(kernel, {1, 1}).args(value).launch()
#define LAUNCH_ALL(kernel, grid, ...) cdp::DeviceLaunch(kernel, {grid, 32}).args(__VA_ARGS__).launch()
#define LAUNCH_TWICE(kernel, value)                                            \
  do {                                                                         \
    LAUNCH_ONE(kernel, value);                                                 \
    LAUNCH_ONE(kernel, (value) + 1);                                           \
  } while (0)
#define INT_AND_DOUBLE 1, 2.5

__global__ void child(int value) {}
__global__ void pair(int a, double b) {}
template <class T> __global__ void generic(T value) {}

__global__ void parent(int n) {
  LAUNCH_ONE(child, n);
  LAUNCH_ALL(pair, n / 32 + 1, n, 2.0);
  LAUNCH_ALL(generic<float>, 1, 0.5f);
  LAUNCH_TWICE(child, 7);
  cdp::DeviceLaunch<void(int, double)>(pair, {1, 1})
      .args(INT_AND_DOUBLE)
      .launch();
#line 34
}

template <class T> __global__ void templateParent(T value) {
  LAUNCH_ONE(generic<T>, value);
}
template __global__ void templateParent<double>(double);
