// RUN: %cdp-lower %s -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
//
// Parameter types are spelled from the global namespace (`::n::S`), so a
// name that means something else at the launch site (another namespace
// `n`, a local `struct Pair`, a template parameter `T`) cannot capture them.
// Spelled as `n::S`, `Pair` and `T`, this output did not compile.

namespace n { struct S { int v; }; }
struct Pair { int a, b; };
struct T { double d; };
__global__ void takesS(n::S s) {}
__global__ void takesPair(Pair p) {}
__global__ void takesT(T t, int *p) {}

namespace m {
namespace n { struct Other {}; }
__global__ void parentS(::n::S s) { takesS<<<1, 1>>>(s); }
// CHECK: cdp::DeviceLaunch<void(::n::S)>(takesS, {1, 1}).arg<0>(s).launch();
}

__global__ void parentPair() {
  struct Pair { int x; };
  ::Pair p{1, 2};
  takesPair<<<1, 1>>>(p);
  // CHECK: cdp::DeviceLaunch<void(::Pair)>(takesPair, {1, 1}).arg<0>(p).launch();
}

template <class T> __device__ void launchT(::T t) {
  takesT<<<1, 1>>>(t, nullptr);
  // CHECK: cdp::DeviceLaunch<void(::T, int *)>(takesT, {1, 1})
  // CHECK-NEXT: .arg<0>(t)
  // CHECK-NEXT: .arg<8>(nullptr)
  // CHECK-NEXT: .launch();
}
__global__ void parentT(::T t) { launchT<int>(t); }
