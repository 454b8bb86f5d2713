// RUN: %cdp-lower %s -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// A launch through a pointer to a kernel: the pointer's type gives the
// parameters, and the pointer is passed where the kernel would be. (It used
// to be left as `<<<>>>` without a word.)

__global__ void child(int x, double *p) {}
__global__ void other(int x, double *p) {}

__global__ void parent(double *p, bool which) {
  auto kp = child;
  kp<<<1, 1>>>(1, p);
  // CHECK: cdp::DeviceLaunch<void(int, double *)>(kp, {1, 1})
  // CHECK-NEXT: .arg<0>(1)
  // CHECK-NEXT: .arg<8>(p)
  // CHECK-NEXT: .launch();
  void (*chosen)(int, double *) = which ? &child : &other;
  (*chosen)<<<2, 1>>>(2, p);
  // CHECK: cdp::DeviceLaunch<void(int, double *)>((*chosen), {2, 1})
  // CHECK-NEXT: .arg<0>(2)
  // CHECK-NEXT: .arg<8>(p)
  // CHECK-NEXT: .launch();
}
