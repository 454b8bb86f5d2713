// RUN: cd %S && %cdp-lower --aggregate=block aggregate-template-parents.cu \
// RUN:   -o %t.block.cu 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: diff -u %S/Expected/aggregate-template-parents.cu %t.block.cu
// RUN: %nvcc-rdc -c %t.block.cu -o %t.block.o
// RUN: %cdp-lower --aggregate=block %t.block.cu | diff -u %t.block.cu -
// RUN: cd %S && %cdp-lower --aggregate=warp aggregate-template-parents.cu \
// RUN:   -o %t.warp.cu 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.warp.cu -o %t.warp.o
//
// Launches in function templates, whose kernel the template's parameters
// choose: the pattern is rewritten once, for the kernel that every
// instance the file makes launches. A kernel template that launches
// itself, as NVIDIA's quadtree sample does, with a block of cooperative
// groups (a block's own group, its tiles and their barriers keep their
// meaning in an aggregated grid; the grid's group would not).

#include <cdp/aggregate.cuh>
#line 17 "aggregate-template-parents.cu"
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

/// Splits [begin, end) in halves until a half has at most Leaf elements,
/// then adds its block's sum of them to *total; one block a range.
template <int Threads, int Leaf>
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS split_aggregated(cdp::aggregated::SyncedBatch<const int *, int *, int, int> cdp_batch);
#line 23
template <int Threads, int Leaf>
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS split(const int *in, int *total, int begin, int end) {
  // The launches of 'split<Threads, Leaf>' by this block, made as one when it ends.
  cdp::aggregated::BlockScope<split_aggregated<Threads, Leaf>> cdp_split_block_launches;
#line 25
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ int sums[Threads / 32];
  const int half = (end - begin) / 2;
  const int from = blockIdx.x ? begin + half : begin;
  const int to = blockIdx.x ? end : begin + half;
  if (to - from > Leaf) {
    if (block.thread_rank() == 0)
      cdp_split_block_launches.launch({2, Threads, 0, cudaStreamFireAndForget},
          in, total, from, to);
    return;
  }
  int sum = 0;
  for (int i = from + block.thread_rank(); i < to; i += block.size())
    sum += in[i];
  for (int offset = 16; offset > 0; offset /= 2)
    sum += warp.shfl_down(sum, offset);
  if (warp.thread_rank() == 0)
    sums[warp.meta_group_rank()] = sum;
  block.sync();
  if (block.thread_rank() == 0) {
    for (int w = 1; w < Threads / 32; ++w)
      sum += sums[w];
    atomicAdd(total, sum);
  }
}

/// 'split' for aggregated launches (cdp-lower --aggregate): each block
/// runs one block of one launch, with that launch's arguments and indices.
template <int Threads, int Leaf>
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS split_aggregated(cdp::aggregated::SyncedBatch<const int *, int *, int, int> cdp_batch) {
  const auto cdp_launch = cdp_batch.block();
  const uint3 blockIdx = cdp_launch.BlockIdx;
  const int *in = cdp_launch.template arg<0>();
  int *total = cdp_launch.template arg<1>();
  int begin = cdp_launch.template arg<2>();
  int end = cdp_launch.template arg<3>();
#line 24

  // The launches of 'split<Threads, Leaf>' by this block, made as one when it ends.
  cdp::aggregated::BlockScope<split_aggregated<Threads, Leaf>> cdp_split_block_launches;
#line 25
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ int sums[Threads / 32];
  const int half = (end - begin) / 2;
  const int from = blockIdx.x ? begin + half : begin;
  const int to = blockIdx.x ? end : begin + half;
  if (to - from > Leaf) {
    if (block.thread_rank() == 0)
      cdp_split_block_launches.launch({2, Threads, 0, cudaStreamFireAndForget},
          in, total, from, to);
    return;
  }
  int sum = 0;
  for (int i = from + block.thread_rank(); i < to; i += block.size())
    sum += in[i];
  for (int offset = 16; offset > 0; offset /= 2)
    sum += warp.shfl_down(sum, offset);
  if (warp.thread_rank() == 0)
    sums[warp.meta_group_rank()] = sum;
  block.sync();
  if (block.thread_rank() == 0) {
    for (int w = 1; w < Threads / 32; ++w)
      sum += sums[w];
    atomicAdd(total, sum);
  }
}
#line 51

template void __global__ split<128, 256>(const int *, int *, int, int);
template void __global__ split<64, 1024>(const int *, int *, int, int);

template <class T> __global__ void fill(T *data, T value) {
  data[blockIdx.x * blockDim.x + threadIdx.x] = value;
}

/// 'fill' for aggregated launches (cdp-lower --aggregate): each block
/// runs one block of one launch, with that launch's arguments and indices.
template <class T>
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS fill_aggregated(cdp::aggregated::Batch<T *, T> cdp_batch) {
  const auto cdp_launch = cdp_batch.block();
  if (cdp_launch.Idle)
    return;
  const uint3 blockIdx = cdp_launch.BlockIdx;
  const dim3 blockDim = cdp_launch.BlockDim;
  T *data = cdp_launch.template arg<0>();
  T value = cdp_launch.template arg<1>();
#line 55

  data[blockIdx.x * blockDim.x + threadIdx.x] = value;
}
#line 58
template <class T, class Step> __global__ void ramp(T *data, Step step) {
  data[blockIdx.x * blockDim.x + threadIdx.x] += step * threadIdx.x;
}
__global__ void clear(int *data) { data[threadIdx.x] = 0; }

/// 'clear' for aggregated launches (cdp-lower --aggregate): each block
/// runs one block of one launch, with that launch's arguments and indices.
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS clear_aggregated(cdp::aggregated::Batch<int *> cdp_batch) {
  const auto cdp_launch = cdp_batch.block();
  if (cdp_launch.Idle)
    return;
  int *data = cdp_launch.arg<0>();
#line 61
 data[threadIdx.x] = 0; }
#line 62

/// The kernel template's arguments written, or left to deduction and
/// spelled as the template's parameters (one scope for both launches); a
/// kernel that is no template, named with arguments of the template's types.
template <class T> __global__ void CDP_RUNTIME_LAUNCH_BOUNDS fillAll(T *data, int n) {
  // The launches of 'clear' by this block, made as one when it ends.
  cdp::aggregated::BlockScope<clear_aggregated> cdp_clear_block_launches;
  // The launches of 'fill<T>' by this block, made as one when it ends.
  cdp::aggregated::BlockScope<fill_aggregated<T>> cdp_fill_block_launches;
#line 67
  cdp_fill_block_launches.launch({n / 32, 32, 0, cudaStreamFireAndForget}, data, T(1));
  cdp_fill_block_launches.launch({n / 32, 32, 0, cudaStreamFireAndForget}, data, T(2));
  cdp_clear_block_launches.launch({1, 32, 0, cudaStreamFireAndForget}, data);
  // Some written, some deduced: the copy's name would spell them twice.
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'ramp<T>' is not aggregated by {{block|warp}}, only lowered: cdp-lower cannot spell the template arguments of 'ramp' that the launch leaves to deduction, which the copy's name needs; write them out ('ramp<...><<<...>>>')
  cdp::DeviceLaunch(ramp<T, int>, {n / 32, 32, 0, cudaStreamFireAndForget})
      .arg(data)
      .arg(n)
      .launch();
#line 73
}
template __global__ void fillAll<int>(int *, int);

/// No instance says which kernel it launches.
template <class T> __global__ void neverMade(T *data) {
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'fill<T>' is not aggregated by {{block|warp}}, only lowered: it is in a template, and which kernel it launches depends on the template's parameters; this file makes no instance of 'neverMade' that says which
  cdp::DeviceLaunch(fill<T>, {1, 32, 0, cudaStreamFireAndForget})
      .arg(data)
      .arg(T())
      .launch();
#line 80
}

/// A warp's coalesced group counts its lanes with libdevice's __nv_popc,
/// which the CUDA headers declare without a body: it reads no grid shape.
__global__ void countActive(int *out) {
  cg::coalesced_group active = cg::coalesced_threads();
  if (active.thread_rank() == 0)
    atomicAdd(out, active.size());
}

/// 'countActive' for aggregated launches (cdp-lower --aggregate): each block
/// runs one block of one launch, with that launch's arguments and indices.
__global__ void CDP_RUNTIME_LAUNCH_BOUNDS countActive_aggregated(cdp::aggregated::SyncedBatch<int *> cdp_batch) {
  const auto cdp_launch = cdp_batch.block();
  int *out = cdp_launch.arg<0>();
#line 84

  cg::coalesced_group active = cg::coalesced_threads();
  if (active.thread_rank() == 0)
    atomicAdd(out, active.size());
}
#line 89
template <int N> __global__ void CDP_RUNTIME_LAUNCH_BOUNDS launchCountActive(int *out) {
  // The launches of 'countActive' by this block, made as one when it ends.
  cdp::aggregated::BlockScope<countActive_aggregated> cdp_countActive_block_launches;
#line 90
  cdp_countActive_block_launches.launch({N, 32, 0, cudaStreamFireAndForget}, out);
}
template __global__ void launchCountActive<2>(int *);

/// The grid's group reads the grid's indices: not aggregated.
__global__ void wholeGrid(int *out) {
  out[cg::this_grid().thread_rank()] = 1;
}
template <int N> __global__ void launchWholeGrid(int *out) {
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'wholeGrid' is not aggregated by {{block|warp}}, only lowered: 'wholeGrid' calls 'thread_rank', which reads blockIdx or gridDim (or uses cooperative groups); in an aggregated grid only the body of 'wholeGrid' sees the values of its own launch
  cdp::DeviceLaunch<void(int *)>(wholeGrid, {N, 32, 0, cudaStreamFireAndForget})
      .arg<0>(out)
      .launch();
#line 101
  // CHECK: {{.*}}: note: 'thread_rank' declared here
}
template __global__ void launchWholeGrid<4>(int *);

int main() {
  split<128, 256><<<2, 128>>>(nullptr, nullptr, 0, 1 << 20);
  return 0;
}
