// RUN: %cdp-lower %s -o %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %cdp-lower --runtime-checks %s -o %t.checked.cu
// RUN: %nvcc-rdc -c %t.checked.cu -o %t.checked.o
//
// In a template, a launch's callee may name several kernels, overloads of
// one name, as LHCb Allen's segmented sort declares each register sort
// twice. An overload set deduces no kernel type, so the lowered launch
// writes the type of the overload the launch calls, in the template's own
// terms, and that type picks it (OverloadedKernel.h).
// error-overloaded-kernel.cu has the launches it cannot lower.

template <class K>
__global__ void sortSegments(const unsigned *bins, unsigned n, const K *keys,
                             unsigned *permutations) {}
template <class K>
__global__ void sortSegments(const unsigned *bins, unsigned n, K *keys) {}

// The overloads take different numbers of arguments; every instantiation
// calls the same one.
template <class K>
__global__ void dispatch(unsigned *bins, unsigned n, const K *keys,
                         unsigned *out) {
  if (threadIdx.x == 0)
    sortSegments<K><<<(n + 7) / 8, 32, 0, cudaStreamFireAndForget>>>(
        bins, n, keys, out);
  // CHECK: cdp::DeviceLaunch<void(const unsigned int *, unsigned int, const K *, unsigned int *)>(cdp::oneThreadOfBlock, sortSegments<K>, {(n + 7) / 8, 32, 0, cudaStreamFireAndForget})
  // CHECK-NEXT: .arg(bins).arg(n).arg(keys).arg(out).launch();
}
template <class K>
__global__ void dispatchInPlace(unsigned *bins, unsigned n, K *keys) {
  sortSegments<K><<<1, 32>>>(bins, n, keys);
  // CHECK: cdp::DeviceLaunch<void(const unsigned int *, unsigned int, K *)>(sortSegments<K>, {1, 32})
}
template __global__ void dispatch<int>(unsigned *, unsigned, const int *,
                                       unsigned *);
template __global__ void dispatch<float>(unsigned *, unsigned, const float *,
                                         unsigned *);
template __global__ void dispatchInPlace<double>(unsigned *, unsigned,
                                                 double *);

// Never instantiated in this file: the only overload that takes three
// arguments.
template <class K> __device__ void uninstantiated(unsigned *bins, K *keys) {
  sortSegments<K><<<1, 32>>>(bins, 4u, keys);
  // CHECK: cdp::DeviceLaunch<void(const unsigned int *, unsigned int, K *)>(sortSegments<K>, {1, 32})
}

// Overloads of one arity, told apart by the instantiations: the template
// argument written at the launch replaces the kernel's own, by name or not.
template <class U> __global__ void scale(U *data, U factor) {}
template <class U> __global__ void scale(const U *data, U *out) {}
template <class T, class Out> __device__ void scaleInto(const T *in, Out *out) {
  scale<Out><<<1, 1>>>(in, out);
  // CHECK: cdp::DeviceLaunch<void(const Out *, Out *)>(scale<Out>, {1, 1})
}
__global__ void scaleParent(const float *in, float *out) {
  scaleInto(in, out);
}

// Plain overloads in a dependent launch: the one every instantiation calls.
__global__ void count(int n) {}
__global__ void count(float n) {}
template <class T> __device__ void countAll(T n) {
  count<<<1, 1>>>(n);
  // CHECK: cdp::DeviceLaunch<void(int)>(count, {1, 1})
}
__global__ void countParent() { countAll(3); }

// Template arguments left to their defaults, as FIDESlib launches
// `INTT_<T, false, algo>` of a kernel overloaded by one that takes arrays
// of pointers: the defaults complete the overload's arguments. The value
// default appears in no parameter type; the type default does.
enum Mode { Plain, Fused };
template <class T, bool Second = true, Mode M = Plain, class Scale = float>
__global__ void transform(T *__restrict__ data, const int __grid_constant__ prime,
                          Scale *scale = nullptr, const T *extra = nullptr) {}
template <bool Second, Mode M>
__global__ void transform(void **data, const int __grid_constant__ first) {}
template <class T, Mode M> __global__ void transformAll(T *data, int prime) {
  transform<T, false><<<1, 32, 0, cudaStreamTailLaunch>>>(data, prime);
  // CHECK: cdp::DeviceLaunch<void(T *__restrict, const int, float *, const T *)>(transform<T, false>, {1, 32, 0, cudaStreamTailLaunch})
  // CHECK-NEXT: .arg(data)
  // CHECK-NEXT: .arg(prime)
  // CHECK-NEXT: .arg(nullptr)
  // CHECK-NEXT: .arg(nullptr)
  // CHECK-NEXT: .launch();
  transform<T, true, M><<<1, 32>>>(data, prime);
  // CHECK: cdp::DeviceLaunch<void(T *__restrict, const int, float *, const T *)>(transform<T, true, M>, {1, 32})
}
template __global__ void transformAll<unsigned, Fused>(unsigned *, int);
template __global__ void transformAll<unsigned long long, Plain>(
    unsigned long long *, int);
