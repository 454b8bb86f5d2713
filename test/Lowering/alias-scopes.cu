// RUN: %cdp-lower %s -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu -o %t.again.cu
// RUN: diff %t.cu %t.again.cu
//
// A kernel whose type is long gets one alias per namespace that launches
// it, declared before the first launch there: an alias declared in one
// namespace is not visible in another (the second namespace once used the
// first's, and nvcc rejected the output). `extern "C" {` opens no scope,
// and a namespace opened again is the same scope.

__global__ void child(int *p, int a, int b, int c, int d, int e, int f) {
  p[threadIdx.x] = a + b + c + d + e + f;
}

namespace first {
// CHECK-LABEL: namespace first {
// CHECK:       using cdp_launch_child = cdp::DeviceLaunch<void(int *, int, int, int, int, int, int)>;
__global__ void parent(int *p) { child<<<1, 32>>>(p, 1, 2, 3, 4, 5, 6); }
} // namespace first

namespace second {
// CHECK-LABEL: namespace second {
// CHECK:       using cdp_launch_child_2 = cdp::DeviceLaunch<void(int *, int, int, int, int, int, int)>;
// CHECK:       cdp_launch_child_2(child, {1, 32})
__global__ void parent(int *p) { child<<<1, 32>>>(p, 1, 2, 3, 4, 5, 6); }
} // namespace second

namespace first {
// CHECK-LABEL: namespace first {
// CHECK-NOT:   using
// CHECK:       cdp_launch_child(child, {1, 32})
__global__ void again(int *p) { child<<<1, 32>>>(p, 1, 2, 3, 4, 5, 6); }
} // namespace first

// CHECK-LABEL: extern "C" {
// CHECK:       using cdp_launch_child_3 = cdp::DeviceLaunch<void(int *, int, int, int, int, int, int)>;
extern "C" {
__global__ void unmangled(int *p) { child<<<1, 32>>>(p, 1, 2, 3, 4, 5, 6); }
}

// CHECK-NOT:   using
// CHECK:       void global(int *p) { cdp_launch_child_3(child, {1, 32})
__global__ void global(int *p) { child<<<1, 32>>>(p, 1, 2, 3, 4, 5, 6); }
