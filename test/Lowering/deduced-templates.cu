// RUN: cd %S && %cdp-lower deduced-templates.cu -o %t.cu
// RUN: diff -u %S/Expected/deduced-templates.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %t.cu | diff -u %t.cu -
// RUN: %cdp-lower --runtime-checks deduced-templates.cu -o %t.checked.cu
// RUN: %nvcc-rdc -c %t.checked.cu -o %t.checked.o
//
// In a template, a launch of a kernel template leaves its template
// arguments to deduction at each instantiation. The lowered launch names
// the kernel, so cdp-lower deduces them as the call does, in the
// template's own terms, and checks the result against every instantiation
// in the file (error-deduced-dependent.cu has the refusals). A pack
// expansion among the arguments is packed by `.args(values...)`.

template <class T> struct Box {
  T value;
};
template <class U> __global__ void child(U *data) {}
template <class U> __global__ void byValue(U value) {}
template <class U> __global__ void boxed(Box<U> box, int tag = 3) {}
template <class U, class V> __global__ void mixed(const U *in, V scale) {}
template <class... Us> __global__ void variadic(Us... values) {}
template <class U, class... Us> __global__ void headAndRest(U, Us... rest) {}

template <class T> __device__ void launchAll(T *data, T value, Box<T> box) {
  child<<<1, 1>>>(data);
  byValue<<<1, 1>>>(value);
  boxed<<<1, 1>>>(box);
  mixed<<<1, 1>>>(data, value);
  variadic<<<1, 1>>>(value, data);
}

template <class... Ts> __global__ void forwardAll(Ts... values) {
  variadic<<<1, 1>>>(values...);
  variadic<Ts...><<<1, 1>>>(values...);
  headAndRest<<<1, 1>>>(1, values...);
}

template <class T> __global__ void parent(T *data) {
  launchAll(data, *data, Box<T>{*data});
}

// `child<T>` is child<const int> here, as the call deduces.
template <class T> __global__ void readOnly(T *data) { child<<<1, 1>>>(data); }

template __global__ void parent<float>(float *);
template __global__ void readOnly<const int>(const int *);
template __global__ void forwardAll<int, double *>(int, double *);
template __global__ void forwardAll<>();

// A kernel of a template template parameter and a non-type one, as a
// priority search tree's builder relaunches itself (arraylistnumstring/
// static-priority-search-tree, populateTree): `grow<T, P, I, N>` in its own
// body, `grow<T, Q, J, M>` in a class template's member, whose own
// parameters its argument names. At the instantiations, P is Point and N
// is 2, as clang chose.
template <class T, class I, unsigned long N> struct Point {
  T x;
  I ids[N];
};
template <class T, template <class, class, unsigned long> class P, class I,
          unsigned long N>
__global__ void grow(T *root, P<T, I, N> *points, int depth) {
  if (depth > 0)
    grow<<<1, 1>>>(root, points, depth - 1);
}
template <class T, template <class, class, unsigned long> class Q, class J,
          unsigned long M>
struct Tree {
  __device__ void plant(T *root, Q<T, J, M> *points) {
    grow<<<1, 1>>>(root, points, 3);
  }
};
template __global__ void grow<float, Point, int, 2>(float *,
                                                   Point<float, int, 2> *, int);
template struct Tree<double, Point, long, 1>;
