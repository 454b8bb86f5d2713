// RUN: %cdp-lower %s -o %t.cu
// RUN: not %nvcc-rdc -c %t.cu -o %t.o 2>&1 | FileCheck %s
// RUN: not %nvcc-rdc -c %s -o %t.native.o 2>&1 | FileCheck %s --check-prefix=NVCC
//
// In a template the parameter types are known only to the runtime, which
// enforces nvcc's rule itself: an argument whose copy constructor is not
// trivial (here __half2's) cannot go into a device-side launch. The input
// does not compile with nvcc; neither does the output, with a message that
// says why.
#include <cuda_fp16.h>

template <class T> __global__ void child(T value) {}

template <class T> __device__ void launch(T value) {
  child<T><<<1, 1>>>(value);
}

__global__ void parent(__half2 h) { launch(h); }

// CHECK: error: static assertion failed with "cdp: cannot pass an argument whose copy or move constructor or destructor is not trivial to a device-side launch (nvcc refuses it too)"
// NVCC: error: cannot pass an argument with a user-provided copy-constructor to a device-side kernel launch
