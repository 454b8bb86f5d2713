// RUN: cd %S && %cdp-lower templates.cu -o %t.cu
// RUN: diff -u %S/Expected/templates.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// Kernels named through namespaces, overloads and templates; launches in
// template parents are rewritten once, in the pattern. Where a parameter
// type depends on a template parameter, the runtime lays it out.

namespace math {
__global__ void scale(float *data, float factor) {}
__global__ void scale(double *data, double factor) {}
template <class T, int Width = 4> __global__ void fill(T *data, T value) {}
} // namespace math

template <class T> struct Box {
  T value;
};
template <class T> __global__ void takeBox(Box<T> box, int tag = 7) {}

__global__ void parent(float *f, double *d) {
  math::scale<<<1, 1>>>(f, 2);
  math::scale<<<1, 1>>>(d, 2);
  math::fill<<<1, 1>>>(f, 1.f);
  math::fill<float, 8><<<1, 1>>>(f, 1);
  takeBox<<<1, 1>>>(Box<double>{1.0});
}

template <class T> __global__ void genericParent(T *data, T value) {
  math::fill<T><<<1, 32>>>(data, value);
  takeBox<T><<<1, 1>>>(Box<T>{value});
  math::scale<<<1, 1>>>((float *)nullptr, 1.f);
}

template __global__ void genericParent<float>(float *, float);
template __global__ void genericParent<long>(long *, long);

// A class whose only name is a typedef is written by that name, a local
// class by its own; a lambda or an unnamed class cannot be written at all,
// and its launch names the kernel last (kernel-last.cu).
typedef struct {
  int *data;
} TypedefOnly;
template <class F> __global__ void apply(F f) {}
__global__ void typeNames(int *data) {
  apply<<<1, 1>>>(TypedefOnly{data});
  struct Local {
    int *data;
  };
  apply<<<1, 1>>>(Local{data});
}
