// RUN: %cdp-lower --aggregate=warp %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=WARNINGS --allow-empty
// WARNINGS-NOT: warning:
// RUN: %nvcc-rdc --extended-lambda -c %t.cu -o %t.o
// RUN: %cdp-lower --aggregate=warp %t.cu | diff -u %t.cu -
// RUN: %strip-checks %t.cu | FileCheck %s
//
// Launches in the members of class templates, as dragon_li's BFS, SSSP,
// AMR and join expand a long row from `BfsCdpDevice<Settings>::
// bfsCdpCtaExpand`, a static __device__ member, into a stream the thread
// made for that launch alone: the class template's pattern is rewritten
// once for all its instances, as a function template's is
// (aggregate-template-parents.cu), for the kernel those instances launch.

#include <cdp/aggregate.cuh>

template <class Settings>
__global__ void expand(const int *columns, int *out, int first) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[first + i] = columns[first + i];
}
__global__ void clear(int *data) { data[threadIdx.x] = 0; }

template <class Settings> struct Expander {
  // A kernel template named with the class template's parameters.
  static __device__ void expandRow(const int *offsets, const int *columns,
                                   int *out, int row) {
    int length = offsets[row + 1] - offsets[row];
    if (length >= Settings::Threshold) {
      cudaStream_t s;
      cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
      expand<Settings><<<length / Settings::Threads, Settings::Threads, 0, s>>>(
          columns, out, offsets[row]);
      // CHECK: cdp::aggregated::byWarp(expand_aggregated<Settings>, {length / Settings::Threads, Settings::Threads, 0, cudaStreamFireAndForget},
      // CHECK-NEXT: columns, out, offsets[row]);
    }
  }
  int *data;
  // A kernel named where it is written, in a member that is no template.
  __device__ void clearAll() {
    clear<<<1, Settings::Threads, 0, cudaStreamFireAndForget>>>(data);
    // CHECK: cdp::aggregated::byWarp(clear_aggregated, {1, Settings::Threads, 0, cudaStreamFireAndForget}, data);
  }
  // A lambda in the template (which clang marks __host__ __device__, and
  // which runs on the GPU alone), rewritten once as its template is; a
  // __device__ one, launching the kernel template its instances choose.
  __device__ void viaLambda() {
    auto go = [this] {
      clear<<<1, 32, 0, cudaStreamFireAndForget>>>(data);
      // CHECK: auto go = [this] {
      // CHECK-NEXT: cdp::aggregated::byWarp(clear_aggregated, {1, 32, 0, cudaStreamFireAndForget}, data);
    };
    go();
    auto expandFirst = [this] __device__(const int *columns) {
      expand<Settings><<<1, Settings::Threads, 0, cudaStreamFireAndForget>>>(
          columns, data, 0);
      // CHECK: cdp::aggregated::byWarp(expand_aggregated<Settings>, {1, Settings::Threads, 0, cudaStreamFireAndForget},
    };
    expandFirst(data);
  }
};

struct Small {
  static const int Threads = 32, Threshold = 64;
};
template <class Settings>
__global__ void expandAll(const int *offsets, const int *columns, int *out,
                          int rows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < rows)
    Expander<Settings>::expandRow(offsets, columns, out, row);
  Expander<Settings> rows_{out};
  rows_.clearAll();
  rows_.viaLambda();
}
template __global__ void expandAll<Small>(const int *, const int *, int *,
                                          int);
