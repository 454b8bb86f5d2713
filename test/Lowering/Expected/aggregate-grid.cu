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

/// 'bump' for aggregated launches (cdp-lower --aggregate): each block
/// runs one block of one launch, with that launch's arguments and indices.
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS bump_aggregated(cdp::aggregated::Batch<Span, int> cdp_batch) {
  const auto cdp_launch = cdp_batch.block();
  if (cdp_launch.Idle)
    return;
  const uint3 blockIdx = cdp_launch.BlockIdx;
  const dim3 blockDim = cdp_launch.BlockDim;
  Span span = cdp_launch.arg<0>();
#line 28

  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < span.size)
    span.data[i] += 1;
}
#line 33
} // namespace work

static __global__ void fill3d(float *out, float value) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y, z = blockIdx.z;
  out[(z * gridDim.y + y) * gridDim.x * blockDim.x + x] = value;
}

/// 'fill3d' for aggregated launches (cdp-lower --aggregate): each block
/// runs one block of one launch, with that launch's arguments and indices.
static __global__ void CDP_RUNTIME_LAUNCH_BOUNDS fill3d_aggregated(cdp::aggregated::Batch<float *, float> cdp_batch) {
  const auto cdp_launch = cdp_batch.block();
  if (cdp_launch.Idle)
    return;
  const uint3 blockIdx = cdp_launch.BlockIdx;
  const dim3 gridDim = cdp_launch.GridDim;
  const dim3 blockDim = cdp_launch.BlockDim;
  float *out = cdp_launch.arg<0>();
  float value = cdp_launch.arg<1>();
#line 35

  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y, z = blockIdx.z;
  out[(z * gridDim.y + y) * gridDim.x * blockDim.x + x] = value;
}
#line 40

__global__ void CDP_RUNTIME_LAUNCH_BOUNDS sum_aggregated(cdp::aggregated::SyncedBatch<const int *, int *, int> cdp_batch);
#line 41
__global__ void sum(const int *in, int *out, int n);

/// A template: its copy is a template too, launched with the arguments
/// written out where the launch deduced them.
template <class T, int Factor = 2>
__global__ void scale(T *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= Factor;
}

/// 'scale' for aggregated launches (cdp-lower --aggregate): each block
/// runs one block of one launch, with that launch's arguments and indices.
template <class T, int Factor = 2>
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS scale_aggregated(cdp::aggregated::Batch<T *, int> cdp_batch) {
  const auto cdp_launch = cdp_batch.block();
  if (cdp_launch.Idle)
    return;
  const uint3 blockIdx = cdp_launch.BlockIdx;
  const dim3 blockDim = cdp_launch.BlockDim;
  T *data = cdp_launch.template arg<0>();
  int n = cdp_launch.template arg<1>();
#line 46

  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= Factor;
}
#line 51

constexpr int kRows = 4;

/// Launches a kernel that reads blockIdx: the launched kernel has indices
/// of its own, so 'spread' can still be aggregated. The host constant is an
/// argument as it was (by value: device code cannot refer to it).
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS spread(float *grid, int rows) {
  // The launches of 'fill3d' by this grid, made as one when it ends.
  cdp::aggregated::GridScope<fill3d_aggregated> cdp_fill3d_grid_launches;
#line 58
  cdp_fill3d_grid_launches.launch({dim3(rows, kRows, 1), 32, 0, cudaStreamFireAndForget}, grid, rows);
}

/// 'spread' for aggregated launches (cdp-lower --aggregate): each block
/// runs one block of one launch, with that launch's arguments and indices.
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS spread_aggregated(cdp::aggregated::SyncedBatch<float *, int> cdp_batch) {
  const auto cdp_launch = cdp_batch.block();
  float *grid = cdp_launch.arg<0>();
  int rows = cdp_launch.arg<1>();
#line 57

  // The launches of 'fill3d' by this grid, made as one when it ends.
  cdp::aggregated::GridScope<fill3d_aggregated> cdp_fill3d_grid_launches;
#line 58
  cdp_fill3d_grid_launches.launch({dim3(rows, kRows, 1), 32, 0, cudaStreamFireAndForget}, grid, rows);
}
#line 60

__global__ void CDP_RUNTIME_LAUNCH_BOUNDS parent(int *data, float *grid, int per) {
  // The launches of 'bump' by this grid, made as one when it ends.
  cdp::aggregated::GridScope<work::bump_aggregated> cdp_bump_grid_launches;
  // The launches of 'fill3d' by this grid, made as one when it ends.
  cdp::aggregated::GridScope<fill3d_aggregated> cdp_fill3d_grid_launches;
  // The launches of 'spread' by this grid, made as one when it ends.
  cdp::aggregated::GridScope<spread_aggregated> cdp_spread_grid_launches;
  // The launches of 'scale<float, 2>' by this grid, made as one when it ends.
  cdp::aggregated::GridScope<scale_aggregated<float, 2>> cdp_scale_grid_launches;
  // The launches of 'scale<int, 3>' by this grid, made as one when it ends.
  cdp::aggregated::GridScope<scale_aggregated<int, 3>> cdp_scale_grid_launches_2;
#line 62
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 2)
    return;
  cdp_bump_grid_launches.launch({(per + 63) / 64, 64, 0, cudaStreamFireAndForget},
      work::Span{data + t * per, per}, t);
  // A braced list converts to the parameter's type, as in the original.
  cdp_bump_grid_launches.launch({1, 64, 0, cudaStreamFireAndForget}, {data, per}, t);
  cdp_fill3d_grid_launches.launch({dim3(2, 3, 4), 32, 0, cudaStreamFireAndForget}, grid, t);
  cdp::aggregated::byWarp(sum_aggregated, {1, 128, 0, 0}, data, data + t, per);
  cdp_spread_grid_launches.launch({1, 1, 0, cudaStreamFireAndForget}, grid, kRows);
  cdp_scale_grid_launches.launch({1, 32, 0, cudaStreamFireAndForget}, grid, per);
  cdp_scale_grid_launches_2.launch({1, 32, 0, cudaStreamFireAndForget}, data, per);
}

/// Recursive, with a barrier: every thread of a block runs the body.
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS sum(const int *in, int *out, int n) {
  // The launches of 'sum' by this grid, made as one when it ends.
  cdp::aggregated::GridScope<sum_aggregated> cdp_sum_grid_launches;
#line 78
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
    cdp_sum_grid_launches.launch({1, 128, 0, cudaStreamFireAndForget}, in + threadIdx.x * (n / 2),
                                                  out + 1 + threadIdx.x, n / 2);
}

/// 'sum' for aggregated launches (cdp-lower --aggregate): each block
/// runs one block of one launch, with that launch's arguments and indices.
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS sum_aggregated(cdp::aggregated::SyncedBatch<const int *, int *, int> cdp_batch) {
  const auto cdp_launch = cdp_batch.block();
  const dim3 blockDim = cdp_launch.BlockDim;
  const int *in = cdp_launch.arg<0>();
  int *out = cdp_launch.arg<1>();
  int n = cdp_launch.arg<2>();
#line 77

  // The launches of 'sum' by this grid, made as one when it ends.
  cdp::aggregated::GridScope<sum_aggregated> cdp_sum_grid_launches;
#line 78
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
    cdp_sum_grid_launches.launch({1, 128, 0, cudaStreamFireAndForget}, in + threadIdx.x * (n / 2),
                                                  out + 1 + threadIdx.x, n / 2);
}
#line 91

// By groups of 4 blocks: the grid's output with GroupScope in place of
// GridScope (the group's runtime is tested on the GPU, group_launches.cu).
// RUN: cd %S && %cdp-lower --aggregate=group aggregate.cu -o %t.group.cu
// RUN: diff -u %S/Expected/aggregate-group.cu %t.group.cu
// RUN: %nvcc-rdc -c %t.group.cu -o %t.group.o
// RUN: %cdp-lower --aggregate=group %t.group.cu | diff -u %t.group.cu -
