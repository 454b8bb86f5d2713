// RUN: %cdp-lower %s -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
// And through cdp-nvcc, as a project builds it:
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %s %t.dir/app.cu
// RUN: cd %t.dir && %cdp-build/tools/cdp-lower/cdp-nvcc %nvcc -rdc=true -arch=sm_90 -c app.cu -o app.o
// RUN: test -f %t.dir/app.o
//
// A launch whose callee is a value of a dependent type (issue 26, item 8):
// a member, parameter or non-type template parameter that holds a pointer
// to a kernel. It has no template arguments to deduce (it used to be
// refused with a message about deduction); the runtime's deduction guide
// takes the kernel's type from the pointer in each instantiation.

__global__ void kern(int *p) { *p = 1; }
__global__ void pair(int *p, double d) { *p = (int)d; }

// The issue's case: a __host__ __device__ member of a class template.
template <class K> struct Launcher {
  K k;
  __host__ __device__ void operator()(int *p) const { k<<<1, 1>>>(p); }
  // CHECK: #ifdef __CUDA_ARCH__
  // CHECK-NEXT: cdp::DeviceLaunch(k, {1, 1}).arg(p).launch();
  // CHECK-NEXT: #else
  // CHECK-NEXT: k<<<1, 1>>>(p);
  // CHECK-NEXT: #endif
};

template <class K> __device__ void launchWith(K k, int *p, double d) {
  k<<<1, 1>>>(p, d);
  // CHECK: cdp::DeviceLaunch(k, {1, 1}).arg(p).arg(d).launch();
}

template <void (*Kernel)(int *)> __device__ void launchFixed(int *p) {
  Kernel<<<1, 1>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(Kernel, {1, 1}).arg<0>(p).launch();
}

template <class K> struct Holder {
  K k;
  __device__ void go(int *p) { this->k<<<1, 1>>>(p); }
  // CHECK: cdp::DeviceLaunch(this->k, {1, 1}).arg(p).launch();
};

__global__ void parent(int *p) {
  Launcher<void (*)(int *)> L{kern};
  L(p);
  launchWith(pair, p, 2.0);
  launchFixed<kern>(p);
  Holder<void (*)(int *)> H{kern};
  H.go(p);
}

int main() {
  Launcher<void (*)(int *)> L{kern};
  int *p = nullptr;
  L(p);
  return 0;
}
