#include <cdp/launch.cuh>
// RUN: %cdp-lower --runtime-checks %s -o %t.cu
// RUN: diff -u %S/Expected/runtime-checks.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --runtime-checks %t.cu | diff -u %t.cu -
//
// --runtime-checks: launches that pass a data pointer test it on the GPU
// (checkPointers); launches without one, and function pointers, are lowered
// as usual. The GPU program test/gpu/runtime_checks.cu runs this.

template <class T> __global__ void generic(T value) {}
__global__ void pointer(const float *p, int n) {}
__global__ void scalars(int n, double x) {}
__global__ void callback(void (*f)(int)) {}

__device__ void onDone(int) {}

template <class T> __device__ void launchGeneric(T value) {
  cdp::DeviceLaunch(generic<T>, {1, 1}).checkPointers(CDP_LAUNCH_SITE("runtime-checks.cu", 18, "generic<T>")).arg(value).launch();
}

__global__ void parent(const float *data, int n) {
  cdp::DeviceLaunch<void(const float *, int)>(pointer, {1, 32}).checkPointers(CDP_LAUNCH_SITE("runtime-checks.cu", 22, "pointer")).arg<0>(data).arg<8>(n).launch();
  cdp::DeviceLaunch<void(int, double)>(scalars, {1, 32}).arg<0>(n).arg<8>(2.0).launch();
  cdp::DeviceLaunch<void(void (*)(int))>(callback, {1, 1}).arg<0>(onDone).launch();
  launchGeneric(data);
}
