// RUN: cd %S && %cdp-lower templates.cu -o %t.cu
// RUN: diff -u %S/Expected/templates.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
//
// Kernels named through namespaces, overloads and templates; launches in
// template parents are rewritten once, in the pattern. Where a parameter
// type depends on a template parameter, the runtime lays it out.

#include <cdp/launch.cuh>
#line 10 "templates.cu"
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
  cdp::DeviceLaunch<void(float *, float)>(math::scale, {1, 1})
      .arg<0>(f)
      .arg<8>(2)
      .launch();
#line 23
  cdp::DeviceLaunch<void(double *, double)>(math::scale, {1, 1})
      .arg<0>(d)
      .arg<8>(2)
      .launch();
#line 24
  cdp::DeviceLaunch<void(float *, float)>(math::fill, {1, 1})
      .arg<0>(f)
      .arg<8>(1.f)
      .launch();
#line 25
  cdp::DeviceLaunch<void(float *, float)>(math::fill<float, 8>, {1, 1})
      .arg<0>(f)
      .arg<8>(1)
      .launch();
#line 26
  cdp::DeviceLaunch<void(::Box<double>, int)>(takeBox, {1, 1})
      .arg<0>(Box<double>{1.0})
      .arg<8>(7)
      .launch();
#line 27
}

template <class T> __global__ void genericParent(T *data, T value) {
  cdp::DeviceLaunch(math::fill<T>, {1, 32}).arg(data).arg(value).launch();
  cdp::DeviceLaunch(takeBox<T>, {1, 1}).arg(Box<T>{value}).arg(7).launch();
  cdp::DeviceLaunch<void(float *, float)>(math::scale, {1, 1})
      .arg<0>((float *)nullptr)
      .arg<8>(1.f)
      .launch();
#line 33
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
  cdp::DeviceLaunch<void(::TypedefOnly)>(apply, {1, 1})
      .arg<0>(TypedefOnly{data})
      .launch();
#line 47
  struct Local {
    int *data;
  };
  cdp::DeviceLaunch<void(Local)>(apply, {1, 1}).arg<0>(Local{data}).launch();
}
