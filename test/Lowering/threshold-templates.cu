// RUN: %cdp-lower --threshold=64 %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=WARNINGS --allow-empty
// WARNINGS-NOT: warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --threshold=64 %t.cu | diff -u %t.cu -
// RUN: %strip-checks %t.cu | FileCheck %s
//
// --threshold in templates whose parameters choose the kernel: the
// pattern gets one serial run, of the kernel every instance the file
// makes launches (as aggregation takes it: InstantiatedLaunch.h), named
// with the template arguments as the launch writes them, or with the
// template's parameters where it leaves them to deduction. dragon_li
// launches from a static member of a class template this way;
// threshold-refusals.cu has a template that the file never instantiates.

template <class Settings>
__global__ void expand(const int *columns, int *out, int first) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[first + i] = columns[first + i] * Settings::Scale;
}
template <class V> __global__ void scaleAll(V *values, V by) {
  values[threadIdx.x] *= by;
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
    // CHECK: if (cdp::serial::fewerThreads((length + 31) / 32, 32, 64)) expand_serial<0, Settings>((length + 31) / 32, 32, columns, out, first); else cdp::DeviceLaunch(expand<Settings>, {(length + 31) / 32, 32, 0, s})
    cudaStreamDestroy(s);
  }
};

// A function template that leaves the kernel's arguments to deduction.
template <class V> __device__ void scaleFrom(V *values, V by) {
  scaleAll<<<1, 32, 0, cudaStreamFireAndForget>>>(values, by);
  // CHECK: if (cdp::serial::fewerThreads(1, 32, 64)) scaleAll_serial<0, V>(1, 32, values, by); else cdp::DeviceLaunch(scaleAll<V>, {1, 32, 0, cudaStreamFireAndForget})
}

struct Triple {
  static const int Scale = 3;
};
__global__ void parent(const int *offsets, const int *columns, int *out,
                       float *values, int *counts) {
  Expander<Triple>::expandRow(offsets, columns, out, threadIdx.x);
  scaleFrom(values, 2.f);
  scaleFrom(counts, 3);
}
