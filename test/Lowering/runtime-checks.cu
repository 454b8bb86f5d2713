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

template <class T> __global__ void generic(T value) {}
__global__ void pointer(const float *p, int n) {}
__global__ void scalars(int n, double x) {}
__global__ void callback(void (*f)(int)) {}

__device__ void onDone(int) {}

template <class T> __device__ void launchGeneric(T value) {
  generic<T><<<1, 1>>>(value);
}

template <class T> __device__ void launchKnown(const float *data) {
  pointer<<<1, 32>>>(data, 3);
}

__global__ void parent(const float *data, int n) {
  pointer<<<1, 32>>>(data, n);
  scalars<<<1, 32>>>(n, 2.0);
  callback<<<1, 1>>>(onDone);
  launchGeneric(data);
  launchKnown<int>(data);
}
