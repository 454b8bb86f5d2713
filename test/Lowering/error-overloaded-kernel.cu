// RUN: not %cdp-lower %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not="{{[0-9]}}: error:"
// RUN: not test -e %t.cu
//
// A dependent launch of an overloaded kernel whose overload cdp-lower
// cannot tell, or cannot write (overloaded-kernels.cu has those it can).

__global__ void count(int n) {}
__global__ void count(float n) {}
template <class U> __global__ void fill(U *data, U value) {}
template <class U> __global__ void fill(U *data, const U *from) {}
template <class U> __global__ void deduced(U *data) {}
template <class U> __global__ void deduced(U *data, int n) {}

// The instantiations call different overloads.
template <class T> __device__ void countAll(T n) {
  count<<<1, 1>>>(n);
  // CHECK: error-overloaded-kernel.cu:[[@LINE-1]]:3: error: cannot lower this launch: kernel 'count' is overloaded, and its instantiations call different overloads
  // CHECK-NEXT: {{^}}   [[@LINE-2]] |
  // CHECK: note: give the overloads different names; or write every template argument of the kernel at the launch ('k<T><<<...>>>') and instantiate the template in this file
}

// Never instantiated, and both overloads take two arguments.
template <class T> __device__ void fillAll(T *data, T value) {
  fill<T><<<1, 1>>>(data, value);
  // CHECK: error-overloaded-kernel.cu:[[@LINE-1]]:3: error: cannot lower this launch: kernel 'fill<T>' is overloaded, and no instantiation in this file shows which overload it calls, and more than one takes its arguments
}

// Never instantiated: a kernel template's parameter pack takes any number
// of arguments, so both overloads may take these three.
template <class... Us> __global__ void spread(Us... values) {}
template <class U> __global__ void spread(U *data, U first, U last) {}
template <class T> __device__ void spreadAll(T *data, T value) {
  spread<T><<<1, 1>>>(data, value, value);
  // CHECK: error-overloaded-kernel.cu:[[@LINE-1]]:3: error: cannot lower this launch: kernel 'spread<T>' is overloaded, and no instantiation in this file shows which overload it calls, and more than one takes its arguments
}

// The kernel's template argument is left to deduction.
template <class T> __device__ void deduceIt(T *data) {
  deduced<<<1, 1>>>(data);
  // CHECK: error-overloaded-kernel.cu:[[@LINE-1]]:3: error: cannot lower this launch: kernel 'deduced' is overloaded, and cdp-lower cannot write the parameter types of the overload it calls in this template's terms
}

__global__ void parent(int *data) {
  countAll(1);
  countAll(1.f);
  deduceIt(data);
}

// A default written in terms of another template parameter, which a
// parameter's type needs: cdp-lower writes the parameter types only from
// arguments at the launch and defaults that stand alone.
template <class U, class P = U *> __global__ void gather(P data, int n) {}
template <class U, class P = U *> __global__ void gather(P data) {}
template <class T> __device__ void gatherAll(T *data) {
  gather<T><<<1, 1>>>(data, 4);
  // CHECK: error-overloaded-kernel.cu:[[@LINE-1]]:3: error: cannot lower this launch: kernel 'gather<T>' is overloaded, and cdp-lower cannot write the parameter types of the overload it calls in this template's terms
}
__global__ void gatherParent(float *data) { gatherAll(data); }
