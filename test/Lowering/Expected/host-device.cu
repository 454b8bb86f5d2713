// RUN: cd %S && %cdp-lower host-device.cu -o %t.cu
// RUN: diff -u %S/Expected/host-device.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
// RUN: not %cdp-lower %s -- -DNOT_A_STATEMENT 2>&1 | FileCheck %s --check-prefix=REFUSED
//
// A launch in a __host__ __device__ function is a device-side launch in the
// device compilation and a host launch in the host one: the lowered launch
// is the `#ifdef __CUDA_ARCH__` branch, the launch as written the `#else`
// branch, and `#line` numbers the lines after it as in the input.

#include <cdp/launch.cuh>
#line 12 "host-device.cu"
__global__ void child(int *counter) { atomicAdd(counter, 1); }
template <class T> __global__ void scaled(T *out, T value) { *out = value; }

__host__ __device__ void launchFromEitherSide(int *counter) {
#ifdef __CUDA_ARCH__
  cdp::DeviceLaunch<void(int *)>(child, {1, 1}).arg<0>(counter).launch();
#else
  child<<<1, 1>>>(counter);
#endif
#line 17
  if (counter)
#ifdef __CUDA_ARCH__
    cdp::DeviceLaunch<void(int *)>(child, {2, 1})
        .arg<0>(counter)
        .launch();
#else
    child<<<2, 1>>>(counter);
#endif
#line 19 // a comment after the launch
}

template <class T> __host__ __device__ void generic(T *out, T value) {
#ifdef __CUDA_ARCH__
  cdp::DeviceLaunch(scaled<T>, {1, 1}).arg(out).arg(value).launch();
#else
  scaled<<<1, 1>>>(out, value);
#endif
#line 23
}

__global__ void parent(int *counter, float *out) {
  launchFromEitherSide(counter);
  generic(out, 2.5f);
}

#ifdef NOT_A_STATEMENT
#define CHECKED(...) (__VA_ARGS__, 0)
__host__ __device__ int inExpression(int *counter) {
  return CHECKED(child<<<1, 1>>>(counter));
  // REFUSED: host-device.cu:[[@LINE-1]]:18: error: cannot lower this launch of 'child' in a __host__ __device__ function: it is lowered only as a statement of its own, written outside any macro body
  // REFUSED: note: make the launch a statement of its own: the host compilation keeps it as written, in an '#ifdef __CUDA_ARCH__ ... #else' around that statement
}
#endif
