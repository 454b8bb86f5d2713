// RUN: %nvcc-rdc -c %s -o %t.original.o
// RUN: cd %S && %cdp-lower spaced-chevrons.cu -o %t.cu
// RUN: FileCheck %s < %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
//
// nvcc reads `child << <1, 1 >> > (p)` as a launch; clang needs `<<<`. The
// tool parses a copy with the chevrons joined and rewrites the user's text.
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
  // CHECK: cdp::DeviceLaunch<void(int *, int)>(child , {1, 1 }).arg<0>(p).arg<8>(2).launch();
  child<<<1, 1 >> >(p, 3);
  // CHECK: cdp::DeviceLaunch<void(int *, int)>(child, {1, 1 }).arg<0>(p).arg<8>(3).launch();
  child << < 2, 32>>>(p, 4);
  // CHECK: cdp::DeviceLaunch<void(int *, int)>(child , { 2, 32}).arg<0>(p).arg<8>(4).launch();
  A<A<A<int>> > *unused = nullptr;
  // CHECK: A<A<A<int>> > *unused = nullptr;
}

void host(int *p) { child << <1, 1 >> > (p, 5); }
// CHECK: void host(int *p) { child << <1, 1 >> > (p, 5); }
