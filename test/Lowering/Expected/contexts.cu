// RUN: cd %S && %cdp-lower contexts.cu -o %t.cu
// RUN: diff -u %S/Expected/contexts.cu %t.cu
// RUN: %nvcc-rdc --extended-lambda -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// A lowered launch is a void expression: it stands wherever <<<>>> can,
// including unbraced bodies, comma and conditional operands, macro
// arguments and lambdas in device code.

#include <cdp/launch.cuh>
#line 10 "contexts.cu"
#define CHECKED(...) __VA_ARGS__
#define TWICE(...) do { __VA_ARGS__; __VA_ARGS__; } while (0)

__global__ void child(int value) {}

__device__ void fromDeviceFunction(int n) { cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(n).launch(); }

__global__ void parent(int n) {
  if (n > 0)
    cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(n).launch();
  else
    cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(-n).launch();
  for (int i = 0; i < n; ++i)
    cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(i).launch();
  while (n-- > 3)
    cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(n).launch();
  (cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(1).launch(), cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(2).launch());
  n ? cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(3).launch() : cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(4).launch();
  CHECKED(cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(5).launch());
  TWICE(cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(6).launch());
  auto launcher = [&](int v) { cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(v + n).launch(); };
  launcher(7);
  auto explicitDevice = [] __device__(int v) { cdp::DeviceLaunch<void(int)>(child, {1, 1}).arg<0>(v).launch(); };
  explicitDevice(8);
  fromDeviceFunction(n);
}

// Host code keeps its launches: the host runtime handles them.
void host(int n) {
  child<<<1, 1>>>(n);
  auto hostLambda = [](int v) { child<<<1, 1>>>(v); };
  hostLambda(n);
}
