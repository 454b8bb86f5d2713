// RUN: cd %S && %cdp-lower --runtime-checks runtime-checks.cu -o %t.cu
// RUN: diff -u %S/Expected/runtime-checks.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --runtime-checks %t.cu | diff -u %t.cu -
//
// --runtime-checks: every launch is a cdp::CheckedDeviceLaunch that names
// its site: on the GPU it tests the data pointers it passes (not function
// pointers) and reports a launch the device runtime refuses, so launches
// without pointers are checked too. The GPU programs
// test/gpu/runtime_checks.cu and test/gpu/refused_launches.cu run this.
// Inside a function template the checked launch of a known kernel still
// names `.arg<0>` without `.template` (clang requires it after a dependent
// object; the site's lambda leaves the object's type known), which the
// second lowering, by clang, proves.

#include <cdp/launch.cuh>
#line 16 "runtime-checks.cu"
template <class T> __global__ void generic(T value) {}
__global__ void pointer(const float *p, int n) {}
__global__ void scalars(int n, double x) {}
__global__ void callback(void (*f)(int)) {}

__device__ void onDone(int) {}

template <class T> __device__ void launchGeneric(T value) {
  cdp::CheckedDeviceLaunch(CDP_LAUNCH_SITE("runtime-checks.cu", 24, "generic<T>"), generic<T>, {1, 1})
      .arg(value)
      .launch();
#line 25
}

template <class T> __device__ void launchKnown(const float *data) {
  cdp::CheckedDeviceLaunch<void(const float *, int)>(CDP_LAUNCH_SITE("runtime-checks.cu", 28, "pointer"), pointer, {1, 32})
      .arg<0>(data)
      .arg<8>(3)
      .launch();
#line 29
}

__global__ void parent(const float *data, int n) {
  cdp::CheckedDeviceLaunch<void(const float *, int)>(CDP_LAUNCH_SITE("runtime-checks.cu", 32, "pointer"), pointer, {1, 32})
      .arg<0>(data)
      .arg<8>(n)
      .launch();
#line 33
  cdp::CheckedDeviceLaunch<void(int, double)>(CDP_LAUNCH_SITE("runtime-checks.cu", 33, "scalars"), scalars, {1, 32})
      .arg<0>(n)
      .arg<8>(2.0)
      .launch();
#line 34
  cdp::CheckedDeviceLaunch<void(void (*)(int))>(CDP_LAUNCH_SITE("runtime-checks.cu", 34, "callback"), callback, {1, 1})
      .arg<0>(onDone)
      .launch();
#line 35
  launchGeneric(data);
  launchKnown<int>(data);
}
