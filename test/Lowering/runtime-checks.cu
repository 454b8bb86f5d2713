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
  generic<T><<<1, 1>>>(value);
}

__global__ void parent(const float *data, int n) {
  pointer<<<1, 32>>>(data, n);
  scalars<<<1, 32>>>(n, 2.0);
  callback<<<1, 1>>>(onDone);
  launchGeneric(data);
}
