// RUN: cd %S && %cdp-lower --aggregate=warp aggregate.cu -o %t.warp.cu
// RUN: diff -u %S/Expected/aggregate-warp.cu %t.warp.cu
// RUN: %nvcc-rdc -c %t.warp.cu -o %t.warp.o
// RUN: cd %S && %cdp-lower --aggregate=block aggregate.cu -o %t.block.cu
// RUN: diff -u %S/Expected/aggregate-block.cu %t.block.cu
// RUN: %nvcc-rdc -c %t.block.cu -o %t.block.o
// RUN: %cdp-lower --aggregate=block %t.block.cu | diff -u %t.block.cu -
// RUN: cd %S && %cdp-lower --aggregate=grid aggregate.cu -o %t.grid.cu
// RUN: diff -u %S/Expected/aggregate-grid.cu %t.grid.cu
// RUN: %nvcc-rdc -c %t.grid.cu -o %t.grid.o
//
// Launch aggregation: each aggregated kernel is a copy of its original
// beside it, with locals for the launch's indices and arguments; the
// original is untouched. A kernel with barriers gets a SyncedBatch; a
// recursive one is aggregated at every level; a marked launch is aggregated
// whatever its stream; a kernel template's copy is a template. The
// refusals are tested in aggregate-refusals.cu.

#include <cdp/aggregate.cuh>

namespace work {
struct Span {
  int *data;
  int size;
};

/// Adds one to each element of its span.
__global__ void bump(Span span, int) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < span.size)
    span.data[i] += 1;
}
} // namespace work

static __global__ void fill3d(float *out, float value) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y, z = blockIdx.z;
  out[(z * gridDim.y + y) * gridDim.x * blockDim.x + x] = value;
}

__global__ void sum(const int *in, int *out, int n);

/// A template: its copy is a template too, launched with the arguments
/// written out where the launch deduced them.
template <class T, int Factor = 2>
__global__ void scale(T *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= Factor;
}

constexpr int kRows = 4;

/// Launches a kernel that reads blockIdx: the launched kernel has indices
/// of its own, so 'spread' can still be aggregated. The host constant is an
/// argument as it was (by value: device code cannot refer to it).
__global__ void spread(float *grid, int rows) {
  fill3d<<<dim3(rows, kRows, 1), 32, 0, cudaStreamFireAndForget>>>(grid, rows);
}

__global__ void parent(int *data, float *grid, int per) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 2)
    return;
  work::bump<<<(per + 63) / 64, 64, 0, cudaStreamFireAndForget>>>(
      work::Span{data + t * per, per}, t);
  // A braced list converts to the parameter's type, as in the original.
  work::bump<<<1, 64, 0, cudaStreamFireAndForget>>>({data, per}, t);
  fill3d<<<dim3(2, 3, 4), 32, 0, cudaStreamFireAndForget>>>(grid, t);
  sum<<<1, 128, 0, cdp::aggregate::warp()>>>(data, data + t, per);
  spread<<<1, 1, 0, cudaStreamFireAndForget>>>(grid, kRows);
  scale<<<1, 32, 0, cudaStreamFireAndForget>>>(grid, per);
  scale<int, 3><<<1, 32, 0, cudaStreamFireAndForget>>>(data, per);
}

/// Recursive, with a barrier: every thread of a block runs the body.
__global__ void sum(const int *in, int *out, int n) {
  __shared__ int total;
  if (threadIdx.x == 0)
    total = 0;
  __syncthreads();
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    atomicAdd(&total, in[i]);
  __syncthreads();
  if (threadIdx.x == 0)
    *out = total;
  if (n > 256 && threadIdx.x < 2)
    sum<<<1, 128, 0, cudaStreamFireAndForget>>>(in + threadIdx.x * (n / 2),
                                                  out + 1 + threadIdx.x, n / 2);
}

// By groups of 4 blocks: the grid's output with GroupScope in place of
// GridScope (the group's runtime is tested on the GPU, group_launches.cu).
// RUN: cd %S && %cdp-lower --aggregate=group aggregate.cu -o %t.group.cu
// RUN: diff -u %S/Expected/aggregate-group.cu %t.group.cu
// RUN: %nvcc-rdc -c %t.group.cu -o %t.group.o
// RUN: %cdp-lower --aggregate=group %t.group.cu | diff -u %t.group.cu -
