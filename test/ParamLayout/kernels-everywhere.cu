// RUN: %cdp-lower --print-param-layout %s -- --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_100 | FileCheck %s
//
// Every kernel of the file is printed, wherever it is declared: in a
// namespace, an anonymous namespace, and each instantiation of a kernel
// template (explicit or implied by a launch); once per architecture given.

struct __align__(256) Align256 { int v; };

namespace outer::inner {
__global__ void inNamespace(char c, Align256 a) {}
}
namespace {
__global__ void inAnonymous(int x) {}
}
template <class T> __global__ void generic(T t, char c) {}
template __global__ void generic<double>(double, char);
__global__ void launcher() { generic<<<1, 1>>>(1, 'a'); }

// CHECK: kernel outer::inner::inNamespace sm_80 size=416 align=256 offsets=0,160
// CHECK-NEXT: kernel outer::inner::inNamespace sm_100 size=512 align=256 offsets=0,256
// CHECK-NEXT: kernel (anonymous namespace)::inAnonymous sm_80 size=4 align=4 offsets=0
// CHECK-NEXT: kernel (anonymous namespace)::inAnonymous sm_100 size=4 align=4 offsets=0
// CHECK-NEXT: kernel generic<double> sm_80 size=9 align=8 offsets=0,8
// CHECK-NEXT: kernel generic<double> sm_100 size=9 align=8 offsets=0,8
// CHECK-NEXT: kernel generic<int> sm_80 size=5 align=4 offsets=0,4
// CHECK-NEXT: kernel generic<int> sm_100 size=5 align=4 offsets=0,4
// CHECK-NEXT: kernel launcher sm_80 size=0 align=1 offsets=
// CHECK-NEXT: kernel launcher sm_100 size=0 align=1 offsets=
