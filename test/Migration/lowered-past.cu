// RUN: %cdp-lower --migrate-cdp1 %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: cp %s %t.fixed.cu && %cdp-lower --migrate-cdp1 --fix %t.fixed.cu 2>&1 | FileCheck %s --check-prefix=FIXWARN --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %strip-checks %t.fixed.cu | FileCheck %s --check-prefix=FIXED
// RUN: %nvcc-rdc -c %t.fixed.cu -o %t.fixed.o
// RUN: not %cdp-lower --migrate-cdp1 --extra-arg=-DBROKEN %s -o %t.broken.cu 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: not test -e %t.broken.cu
//
// --migrate-cdp1 goes past clang's errors in code that nvcc builds as the
// lowering does (Idioms/lowered-past.cu): here host code that GCC, nvcc's
// host compiler, accepts. The warning comes once, from the migration's
// parse; the code stays as written. An error that nvcc reports too stops
// the migration, and nothing is written.

#include <cstdio>

struct StreamHolder {
  void *Stream = nullptr;
  operator void *() const { return Stream; }
  template <class T> operator T *() const { return (T *)Stream; }
};

bool hasStream(StreamHolder Holder) {
  return Holder != nullptr;
  // WARN: lowered-past.cu:[[@LINE-1]]:17: warning: use of overloaded operator '!=' is ambiguous (with operand types 'StreamHolder' and 'std::nullptr_t')
  // WARN: lowered-past.cu:[[@LINE-2]]:17: note: cdp-lower lowers past this error in host code
  // FIXWARN: fixed.cu:[[@LINE-3]]:17: warning: use of overloaded operator '!=' is ambiguous
  // FIXWARN: fixed.cu:[[@LINE-4]]:17: note: cdp-lower lowers past this error in host code
}

#ifdef BROKEN
__device__ int broken() { return 1 }
// BROKEN: lowered-past.cu:[[@LINE-1]]:35: error: expected ';' after return statement
#endif

__global__ void child(int *p) { p[threadIdx.x] = threadIdx.x; }

__global__ void parent(int *p) {
  child<<<1, 32>>>(p);
  cudaDeviceSynchronize();
  printf("%d\n", p[5]);
}
// CHECK: cdp::DeviceLaunch<void(int *)>(parent_continuation, {1, 1, 0, cudaStreamTailLaunch})
// FIXED: parent_continuation<<<1, 1, 0, cudaStreamTailLaunch>>>(p);

int main() {
  int *p;
  cudaMalloc(&p, 32 * sizeof(int));
  parent<<<1, 1>>>(p);
  cudaDeviceSynchronize();
  std::printf("%d\n", hasStream({}));
  return 0;
}
