// RUN: not %cdp-lower %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.cu
//
// The lowered code writes out the kernel's parameter types (device side:
// cdp::DeviceLaunch<void(...)>; a PDL launch of a deduced template: the
// static_cast for cudaLaunchKernelEx). A lambda's closure type and an
// unnamed class have no name: clang would print "(lambda at file:line:col)",
// which no compiler accepts, so the launch is refused at its argument.

#include <cdp/pdl.cuh>

template <class F> __global__ void apply(F f) { f(); }
template <class T> struct Box {
  T value;
};
template <class T> __global__ void applyBoxed(Box<T> box) {}

__global__ void parent(int *data) {
  // CHECK: error-unwritable-type.cu:[[@LINE+2]]:19: error: cannot lower this launch of 'apply<(lambda)>': the type of parameter 'f' is or holds a lambda or an unnamed class, which the lowered code cannot write out
  // CHECK: note: pass an object of a named class instead (a functor struct in place of the lambda)
  apply<<<1, 1>>>([data] __device__ () { data[0] = 1; });

  struct {
    int *data;
    __device__ void operator()() const { data[0] = 2; }
  } unnamed{data};
  // CHECK: error-unwritable-type.cu:[[@LINE+1]]:19: error: cannot lower this launch of 'apply<(unnamed struct)>': the type of parameter 'f' is or holds{{.*}}
  apply<<<1, 1>>>(unnamed);

  auto lambda = [data] __device__ () { data[0] = 3; };
  // CHECK: error-unwritable-type.cu:[[@LINE+1]]:24: error: cannot lower this launch of 'applyBoxed<(lambda)>': the type of parameter 'box' is or holds{{.*}}
  applyBoxed<<<1, 1>>>(Box<decltype(lambda)>{lambda});
}

template <class F> __global__ void secondary(F f) {
  cudaGridDependencySynchronize();
  f();
}

void host(int *data, cudaStream_t s) {
  // CHECK: error-unwritable-type.cu:[[@LINE+1]]:60: error: cannot lower this launch of 'secondary<(lambda)>': the type of parameter 'f' is or holds{{.*}}
  secondary<<<1, 1, 0, cdp::pdl::streamSerialization(s)>>>([data] __device__ () { data[0] = 4; });
}
// CHECK: cdp-lower: error: '{{.*}}error-unwritable-type.cu' was not lowered; it is left unchanged
