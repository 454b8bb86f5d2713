// RUN: cd %S && %cdp-lower --runtime-checks runtime-checks.cu -o %t.cu
// RUN: diff -u %S/Expected/runtime-checks.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --runtime-checks %t.cu | diff -u %t.cu -
//
// --runtime-checks: launches that pass a data pointer test it on the GPU
// (cdp::CheckedDeviceLaunch); launches without one, and function pointers,
// are lowered as usual. The GPU program test/gpu/runtime_checks.cu runs this.
// Inside a function template the checked launch of a known kernel still
// names `.arg<0>` without `.template` (clang requires it after a dependent
// object; the site's lambda leaves the object's type known), which the
// second lowering, by clang, proves.

#include <cdp/launch.cuh>
#line 14 "runtime-checks.cu"
template <class T> __global__ void generic(T value) {}
__global__ void pointer(const float *p, int n) {}
__global__ void scalars(int n, double x) {}
__global__ void callback(void (*f)(int)) {}

__device__ void onDone(int) {}

template <class T> __device__ void launchGeneric(T value) {
  cdp::CheckedDeviceLaunch(CDP_LAUNCH_SITE("runtime-checks.cu", 22, "generic<T>"), generic<T>, {1, 1})
      .arg(value)
      .launch();
#line 23
}

template <class T> __device__ void launchKnown(const float *data) {
  cdp::CheckedDeviceLaunch<void(const float *, int)>(CDP_LAUNCH_SITE("runtime-checks.cu", 26, "pointer"), pointer, {1, 32})
      .arg<0>(data)
      .arg<8>(3)
      .launch();
#line 27
}

__global__ void parent(const float *data, int n) {
  cdp::CheckedDeviceLaunch<void(const float *, int)>(CDP_LAUNCH_SITE("runtime-checks.cu", 30, "pointer"), pointer, {1, 32})
      .arg<0>(data)
      .arg<8>(n)
      .launch();
#line 31
  cdp::DeviceLaunch<void(int, double)>(scalars, {1, 32})
      .arg<0>(n)
      .arg<8>(2.0)
      .launch();
#line 32
  cdp::DeviceLaunch<void(void (*)(int))>(callback, {1, 1})
      .arg<0>(onDone)
      .launch();
#line 33
  launchGeneric(data);
  launchKnown<int>(data);
}
