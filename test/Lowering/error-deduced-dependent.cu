// RUN: not %cdp-lower %s 2>&1 | FileCheck %s --implicit-check-not="{{[0-9]}}: error:"
//
// In a template, a kernel template's arguments are deduced at each
// instantiation. cdp-lower writes them out (deduced-templates.cu) where it
// can deduce them as the compiler does; elsewhere it refuses the launch.

template <class U> __global__ void child(U *data) {}
template <class U> __global__ void byValue(U value) {}
template <class U, class V> __global__ void pair(U first, V second) {}

// An argument whose type the template does not spell.
template <class T> __device__ void offset(T *data) {
  child<<<1, 1>>>(data + 1);
  // CHECK: error-deduced-dependent.cu:[[@LINE-1]]:3: error: cannot lower this launch: cdp-lower cannot deduce the template arguments of kernel child from these dependent arguments as the compiler does
  // CHECK: note: name the template arguments explicitly at the launch (for example 'k<T><<<...>>>')
}

// 'byValue<T>' would name byValue<const int> where the call deduces
// byValue<int>: the instantiation below shows it.
template <class T> __device__ void copyOf(T value) {
  byValue<<<1, 1>>>(value);
  // CHECK: error-deduced-dependent.cu:[[@LINE-1]]:3: error: cannot lower this launch: cdp-lower cannot deduce the template arguments of kernel byValue
}

// A pack expansion that feeds parameters which are not a pack.
template <class... Ts> __device__ void spread(Ts... values) {
  pair<<<1, 1>>>(values...);
  // CHECK: error-deduced-dependent.cu:[[@LINE-1]]:3: error: cannot lower this launch: cdp-lower cannot deduce the template arguments of kernel pair
}

// A generic lambda's `auto` parameter: the template parameter it invents
// has no name to write (clang prints it `auto`, which nvcc refuses as a
// template argument). `child<std::remove_pointer_t<decltype(p)>>` names it.
__device__ void viaGenericLambda(int *data, float *values) {
  auto launch = [] __device__(auto *p) {
    child<<<1, 1>>>(p);
    // CHECK: error-deduced-dependent.cu:[[@LINE-1]]:5: error: cannot lower this launch: cdp-lower cannot deduce the template arguments of kernel child
  };
  launch(data);
  launch(values);
}

__global__ void parent(int *data, float *values) {
  offset(data);
  copyOf<const int>(1);
  spread(1, 2);
  viaGenericLambda(data, values);
}
