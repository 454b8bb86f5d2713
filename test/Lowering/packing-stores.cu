// RUN: %cdp-lower %s -o %t.cu
// RUN: %nvcc-rdc -ptx %t.cu -o %t.ptx
// RUN: %strip-checks %t.ptx | FileCheck %s
//
// Each argument is stored with one store of its width (memcpy into the
// untyped buffer would compile to one st.u8 per byte).

struct Pair {
  float a;
  double b;
};

__global__ void child(int *p, int i, double d, Pair pair) {}

__global__ void parent(int *p, int i, double d) {
  child<<<1, 1>>>(p, i, d, Pair{1.f, 2.0});
}

// CHECK-LABEL: .entry _Z6parentPiid(
// CHECK-NOT: st.u8
// CHECK-DAG: st.{{[a-z]}}64 [%rd[[BUF:[0-9]+]]],
// CHECK-DAG: st.{{[a-z]}}32 [%rd[[BUF]]+8],
// CHECK-DAG: st.{{[a-z]}}64 [%rd[[BUF]]+16],
// CHECK-DAG: st.{{[a-z]}}32 [%rd[[BUF]]+24],
// CHECK-DAG: st.{{[a-z]}}64 [%rd[[BUF]]+32],
// CHECK-NOT: st.u8
// CHECK: ret;
