// RUN: %nvcc-rdc -c %s -o %t.original.o
// RUN: %cdp-lower %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not="{{[0-9]}}: error:"
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: not %cdp-lower --extra-arg=-DUNDECLARED %s -o %t.undeclared.cu 2>&1 | FileCheck %s --check-prefix=UNDECLARED
// RUN: not test -e %t.undeclared.cu
//
// A kernel made a friend by a qualified name, its parameters written as
// the qualifier's namespace names them (MUDA's parallel_for kernels). C++
// looks those names up in that namespace, as nvcc and GCC do; clang 22
// does not for a friend, and suggests the qualified name, which it then
// reads. The tool lowers past that error (NvccAcceptedErrors.h): the
// friend is the kernel, whose launch is lowered; the code stays as
// written. A name that no namespace declares stays an error.

namespace details {
template <class F> struct Callable {
  F f;
};
template <class F> __global__ void run(Callable<F> callable);
} // namespace details

class Secret {
  template <class F> friend __global__ void details::run(Callable<F> callable);
  // WARN: qualified-friend.cu:[[@LINE-1]]:58: warning: no template named 'Callable'; did you mean 'details::Callable'?
  // WARN: note: 'details::Callable' declared here
  // WARN: qualified-friend.cu:[[@LINE-3]]:58: note: C++ looks a name in a friend declaration qualified by a namespace up in that namespace too, as nvcc and GCC do; clang does not, and reads the name it suggests, which is the one they find: cdp-lower lowers past this error and keeps the code as written
#ifdef UNDECLARED
  template <class F> friend __global__ void details::run(Unknown<F> callable);
  // UNDECLARED: qualified-friend.cu:[[@LINE-1]]:58: error: no template named 'Unknown'
#endif
  __device__ static int value() { return 7; }
};

// The friend reads Secret's private member: clang matched it to the kernel.
template <class F> __global__ void details::run(Callable<F> callable) {
  callable.f(Secret::value());
}

struct Store {
  int *out;
  __device__ void operator()(int v) const { *out = v; }
};

__global__ void parent(int *out) {
  details::run<Store><<<1, 1>>>(details::Callable<Store>{Store{out}});
  // CHECK: using cdp_launch_run = cdp::DeviceLaunch<void(::details::Callable< ::Store>)>;
  // CHECK: cdp_launch_run(details::run<Store>, {1, 1})
  // CHECK-NEXT: .arg<0>(details::Callable<Store>{Store{out}})
  // CHECK-NEXT: .launch();
}
