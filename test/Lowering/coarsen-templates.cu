// RUN: %cdp-lower --coarsen=4 %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=WARNINGS --allow-empty
// WARNINGS-NOT: warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --coarsen=4 %t.cu | diff -u %t.cu -
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %cdp-lower --coarsen=4 --threshold=64 %s -o %t.both.cu
// RUN: %nvcc-rdc -c %t.both.cu -o %t.both.o
// RUN: %strip-checks %t.both.cu | FileCheck %s --check-prefix=BOTH
//
// --coarsen of kernel templates: the coarsened copy is a template too,
// written once from the kernel's pattern, and a launch names the instance
// it launched (`fill_coarsened<float>`). In a template whose parameters
// choose the kernel, the launch copies the kernel its instances launch
// (InstantiatedLaunch.h), named with the template arguments as written
// (`expand_coarsened<Settings>`) or with the template's parameters where
// it leaves them to deduction (`scaleAll_coarsened<V>`). The refusals are
// in coarsen-refusals.cu.

template <class T> __global__ void fill(T *out, T value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = value;
}
// CHECK: /// 'fill' with each block running several blocks of cdp_grid.
// CHECK-NEXT: template <class T>
// CHECK-NEXT: static __global__ void CDP_RUNTIME_LAUNCH_BOUNDS fill_coarsened(const dim3 cdp_grid, T *out, T value, int n) {
// CHECK-NEXT: cdp::coarse::blocks<fill_thread<T>>(cdp_grid, out, value, n);

template <class Settings>
__global__ void expand(const int *columns, int *out, int first) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[first + i] = columns[first + i] * Settings::Scale;
}
template <class V> __global__ void scaleAll(V *values, V by) {
  values[blockIdx.x * blockDim.x + threadIdx.x] *= by;
}

// A class template's member, the kernel named with its parameters, into
// a stream the thread makes for this launch alone.
template <class Settings> struct Expander {
  static __device__ void expandRow(const int *offsets, const int *columns,
                                   int *out, int row) {
    const int first = offsets[row], length = offsets[row + 1] - first;
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    expand<Settings><<<(length + 31) / 32, 32, 0, s>>>(columns, out, first);
    // CHECK: cdp::coarse::launch<4>(expand_coarsened<Settings>, {(length + 31) / 32, 32, 0, s}, columns, out, first);
    // BOTH: if (cdp::serial::fewerThreads((length + 31) / 32, 32, 64)) expand_serial<0, Settings>((length + 31) / 32, 32, columns, out, first); else cdp::coarse::launch<4>(expand_coarsened<Settings>, {(length + 31) / 32, 32, 0, s}, columns, out, first);
    cudaStreamDestroy(s);
  }
};

// A function template that leaves the kernel's arguments to deduction.
template <class V> __device__ void scaleFrom(V *values, V by, int n) {
  scaleAll<<<n / 32, 32, 0, cudaStreamFireAndForget>>>(values, by);
  // CHECK: cdp::coarse::launch<4>(scaleAll_coarsened<V>, {n / 32, 32, 0, cudaStreamFireAndForget}, values, by);
}

struct Triple {
  static const int Scale = 3;
};
__global__ void parent(const int *offsets, const int *columns, int *out,
                       float *values, int *counts, int n) {
  fill<<<n / 32 + 1, 32, 0, cudaStreamFireAndForget>>>(values, 1.f, n);
  // CHECK: cdp::coarse::launch<4>(fill_coarsened<float>, {n / 32 + 1, 32, 0, cudaStreamFireAndForget}, values, 1.f, n);
  fill<int><<<n / 32 + 1, 32, 0, cudaStreamFireAndForget>>>(counts, 0, n);
  // CHECK: cdp::coarse::launch<4>(fill_coarsened<int>, {n / 32 + 1, 32, 0, cudaStreamFireAndForget}, counts, 0, n);
  Expander<Triple>::expandRow(offsets, columns, out, threadIdx.x);
  scaleFrom(values, 2.f, n);
  scaleFrom(counts, 3, n);
}
