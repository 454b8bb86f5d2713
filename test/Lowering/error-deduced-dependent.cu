// RUN: not %cdp-lower %s 2>&1 | FileCheck %s --implicit-check-not="{{[0-9]}}: error:"
//
// In a template, a kernel template's arguments are deduced at each
// instantiation. cdp-lower writes them out (deduced-templates.cu) where it
// can deduce them as the compiler does, or names the kernel last where
// each instance's arguments are of its parameters' types (kernel-last.cu);
// elsewhere it refuses the launch.

template <class U> __global__ void child(U *data) {}
template <class U> __global__ void byValue(U value) {}
template <class U, class V> __global__ void pair(U first, V second) {}

// A parameter the call deduces as a pointer to const, given a pointer:
// the argument's own type is not the parameter's, so the kernel cannot be
// named last either (kernel-last.cu).
template <class U> __global__ void readOnly(const U *data) {}
template <class T> __device__ void offset(T *data) {
  readOnly<<<1, 1>>>(data + 1);
  // CHECK: error-deduced-dependent.cu:[[@LINE-1]]:3: error: cannot lower this launch: cdp-lower cannot deduce the template arguments of kernel readOnly from these dependent arguments as the compiler does
  // CHECK: note: name the template arguments explicitly at the launch (for example 'k<T><<<...>>>')
}

// A pack expansion that feeds parameters which are not a pack.
template <class... Ts> __device__ void spread(Ts... values) {
  pair<<<1, 1>>>(values...);
  // CHECK: error-deduced-dependent.cu:[[@LINE-1]]:3: error: cannot lower this launch: cdp-lower cannot deduce the template arguments of kernel pair
}

__global__ void parent(int *data, float *values) {
  offset(data);
  spread(1, 2);
}
