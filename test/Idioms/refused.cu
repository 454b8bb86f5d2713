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

// nvcc compiles a static or inline device function only where something
// calls it, and checks its calls then; clang checks every function.
#include <sys/time.h>
static __device__ double unusedSeconds() {
  struct timeval now;
  gettimeofday(&now, 0);
  // CHECK: refused.cu:[[@LINE-1]]:3: error: no matching function for call to 'gettimeofday'
  // CHECK: note: candidate function not viable: call to __host__ function from __device__ function
  // CHECK-NEXT: gettimeofday
  // CHECK-NEXT: ^
  // CHECK-NEXT: refused.cu:[[@LINE-5]]:3: note: nvcc reports this call only in a device function it compiles, and it does not compile a static or inline one that nothing calls; clang reports it in every function: if nothing calls this one, remove it
  return now.tv_sec;
}
