// RUN: %nvcc-rdc -c %s -o %t.original.o
// RUN: not %cdp-lower %s 2>&1 | FileCheck %s --implicit-check-not="{{[0-9]}}: error:"
//
// Idioms of nvcc's front end that clang 22 refuses and no flag changes:
// clang's error gets a note that names the idiom and a spelling both
// compilers accept. (nvcc compiles this file, the first RUN line.)

__global__ void child(int *p) {}

__global__ void parent(int *p) {
  unsigned a, b;
  asm("mov.u32 %0, 1; mov.u32 %1, 2;" : "=r"(a) "=r"(b));
  // CHECK: refused.cu:[[@LINE-1]]:49: error: expected ')'
  // CHECK: refused.cu:[[@LINE-2]]:49: note: nvcc accepts inline-assembly operands without a comma between them; clang does not: separate the operands with ','
  child<<<1, 1>>>(p + a + b);

  child<<<{2, 2}, 32>>>(p);
  // CHECK: refused.cu:[[@LINE-1]]:11: error: expected expression
  // CHECK: refused.cu:[[@LINE-2]]:11: note: nvcc accepts a braced list in a launch's configuration ('<<<{2, 2}, 32>>>'); clang does not: name its type, '<<<dim3{2, 2}, 32>>>', which both compilers accept
}
