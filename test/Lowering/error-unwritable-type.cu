// RUN: not %cdp-lower %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.cu
// RUN: not %cdp-lower --runtime-checks %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefixes=CHECK,CHECKED --implicit-check-not=error:
//
// A kernel template called with a lambda or an object of an unnamed class
// is instantiated with a type that has no name: clang would print "(lambda
// at file:line:col)", which no compiler accepts. A device-side launch keeps
// such an argument as its own type and names the kernel last
// (kernel-last.cu), where that type is the parameter's; elsewhere the
// launch is refused at its argument: where deduction made the parameter's
// type another, under --runtime-checks, and for the static_cast that picks
// a deduced template for a PDL launch on the host.

#include <cdp/pdl.cuh>

template <class F> __global__ void apply(F f) { f(); }
template <class F> __global__ void applyThrough(const F *f) { (*f)(); }

__global__ void parent(int *data) {
  // Lowered, but not under --runtime-checks:
  // CHECKED: error-unwritable-type.cu:[[@LINE+2]]:19: error: cannot lower this launch of 'apply<(lambda)>': the type of parameter 'f' is or holds a lambda or an unnamed class, which the lowered code cannot write out
  // CHECKED: note: pass an object of a named class instead (a functor struct in place of the lambda)
  apply<<<1, 1>>>([data] __device__ () { data[0] = 1; });

  auto lambda = [data] __device__ () { data[0] = 3; };
  // The parameter is a pointer to a const closure, the argument a pointer
  // to a closure: the argument's own type does not name the instance.
  // CHECK: error-unwritable-type.cu:[[@LINE+2]]:26: error: cannot lower this launch of 'applyThrough<(lambda)>': the type of parameter 'f' is or holds a lambda or an unnamed class, which the lowered code cannot write out
  // CHECK: note: pass an object of a named class instead (a functor struct in place of the lambda)
  applyThrough<<<1, 1>>>(reinterpret_cast<decltype(lambda) *>(data));
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
