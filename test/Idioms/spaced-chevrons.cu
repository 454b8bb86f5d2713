// RUN: %nvcc-rdc -c %s -o %t.original.o
// RUN: cd %S && %cdp-lower spaced-chevrons.cu -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: cd %S && %cdp-lower --aggregate=block spaced-chevrons.cu -o %t.block.cu 2>/dev/null
// RUN: %strip-checks %t.block.cu | FileCheck %s --check-prefix=BLOCK
// RUN: %nvcc-rdc -c %t.block.cu -o %t.block.o
// RUN: cd %S && %cdp-lower --emit=explicit spaced-chevrons.cu -o %t.explicit.cu
// RUN: %strip-checks %t.explicit.cu | FileCheck %s --check-prefix=EXPLICIT --implicit-check-not='{{[^ ] ;}}'
// RUN: %nvcc-rdc -c %t.explicit.cu -o %t.explicit.o
//
// nvcc reads `child << <1, 1 >> > (p)` as a launch; clang needs `<<<`. The
// tool parses a copy with the chevrons joined and rewrites the user's text;
// the spaces around the chevrons go with them.
// `operator<< <>` and `A<A<A<int>> >` are no launches and stay as written,
// as does the host launch.

#include <iostream>
template <class T> struct A {};
template <class T> std::ostream &operator<<(std::ostream &o, const T &) {
  return o;
}
struct S {
  friend std::ostream &operator<< <>(std::ostream &, const S &);
};

__global__ void child(int *p, int n) {}

__global__ void parent(int *p) {
  child << <1, 1 >> > (p, 2);
  // CHECK: cdp::DeviceLaunch<void(int *, int)>(child, {1, 1})
  // CHECK-NEXT: .arg<0>(p)
  // CHECK-NEXT: .arg<8>(2)
  // CHECK-NEXT: .launch();
  child<<<1, 1 >> >(p, 3);
  // CHECK: cdp::DeviceLaunch<void(int *, int)>(child, {1, 1})
  // CHECK-NEXT: .arg<0>(p)
  // CHECK-NEXT: .arg<8>(3)
  // CHECK-NEXT: .launch();
  child << < 2, 32>>>(p, 4);
  // CHECK: cdp::DeviceLaunch<void(int *, int)>(child, {2, 32})
  // CHECK-NEXT: .arg<0>(p)
  // CHECK-NEXT: .arg<8>(4)
  // CHECK-NEXT: .launch();
  child <<< 3, 32 >>> (p, 5);
  // CHECK: cdp::DeviceLaunch<void(int *, int)>(child, {3, 32})
  // CHECK-NEXT: .arg<0>(p)
  // CHECK-NEXT: .arg<8>(5)
  // CHECK-NEXT: .launch();
  child << <1, 32, 0, cudaStreamFireAndForget >> > (p + threadIdx.x, 6);
  // BLOCK: cdp_child_block_launches.launch({1, 32, 0, cudaStreamFireAndForget}, p + threadIdx.x, 6);
  // EXPLICIT: void (*cdp_kernel)(int *, int) = child;
  // EXPLICIT: const cudaStream_t cdp_stream = cudaStreamFireAndForget;
  // EXPLICIT-NEXT: int *cdp_arg0 = p + threadIdx.x;
  A<A<A<int>> > *unused = nullptr;
  // CHECK: A<A<A<int>> > *unused = nullptr;
}

// In a macro body, whose definition is rewritten once for all its uses.
#define LAUNCH_SPACED(kernel, ...) kernel <<< 1, 32 >>> (__VA_ARGS__)
// CHECK: #define LAUNCH_SPACED(kernel, ...) cdp::DeviceLaunch(kernel, {1, 32}).args(__VA_ARGS__).launch()
#define LAUNCH_NVCC(kernel, ...) kernel << <2, 32 >> > (__VA_ARGS__)
// CHECK: #define LAUNCH_NVCC(kernel, ...) cdp::DeviceLaunch(kernel, {2, 32}).args(__VA_ARGS__).launch()
__global__ void macroParent(int *p) {
  LAUNCH_SPACED(child, p, 8);
  LAUNCH_NVCC(child, p, 9);
}

void host(int *p) { child << <1, 1 >> > (p, 7); }
// CHECK: void host(int *p) { child << <1, 1 >> > (p, 7); }
