// RUN: cd %S && %cdp-lower --coarsen=4 coarsen.cu -o %t.cu
// RUN: diff -u %S/Expected/coarsen.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --coarsen=4 %t.cu | diff -u %t.cu -
// RUN: cd %S && %cdp-lower --coarsen=4 --threshold=64 coarsen.cu -o %t.both.cu
// RUN: %nvcc-rdc -c %t.both.cu -o %t.both.o
// RUN: grep -v '^// ' %t.both.cu | FileCheck %s --check-prefix=BOTH
// BOTH: /// 'scale' for one thread (cdp-lower --threshold, --coarsen): its body, with
// BOTH: static __device__ void scale_serial(
// BOTH: static __global__ void CDP_RUNTIME_LAUNCH_BOUNDS scale_coarsened(
// BOTH: if (cdp::serial::fewerThreads(n / 32 + 1, 32, 64)) scale_serial<cdp::serial::sameArguments<0, 1, 2>>(n / 32 + 1, 32, data, n, 2.0f); else cdp::coarse::launch<4>(scale_coarsened, {n / 32 + 1, 32, 0, cudaStreamFireAndForget}, data, n, 2.0f);
//
// --coarsen: a launch of `child` launches `child_coarsened` with 4 times
// fewer blocks along x; each of its blocks calls `child_thread` (the
// body, with the indices as parameters) for the blocks blockIdx.x,
// blockIdx.x + gridDim.x, ... of the grid asked for. Barriers and shared
// memory stay (every thread of a block runs the same blocks), and so does
// the stream: it is still one launch. A child that launches itself has
// its coarsened copy declared before it. The refusals are tested in
// coarsen-refusals.cu.

#include <cdp/launch.cuh>
#line 22 "coarsen.cu"
__global__ void scale(float *data, int n, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

/// 'scale' for one thread (cdp-lower --coarsen): its body, with
/// the indices as parameters.
static __device__ void scale_thread(const uint3 blockIdx, const uint3 threadIdx,
    const dim3 gridDim, const dim3 blockDim, float *data, int n, float factor)
#line 22
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}

/// 'scale' with each block running several blocks of cdp_grid.
static __global__ void CDP_RUNTIME_LAUNCH_BOUNDS scale_coarsened(const dim3 cdp_grid, float *data, int n, float factor) {
  cdp::coarse::blocks<scale_thread>(cdp_grid, data, n, factor);
}
#line 27

// A block reduction: shared memory and barriers, and no early return.
__global__ void blockSums(const float *in, float *sums, int n) {
  __shared__ float partial[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half)
      partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    sums[blockIdx.x] = partial[0];
}

/// 'blockSums' for one thread (cdp-lower --coarsen): its body, with
/// the indices as parameters.
static __device__ void blockSums_thread(const uint3 blockIdx, const uint3 threadIdx,
    const dim3 gridDim, const dim3 blockDim, const float *in, float *sums, int n)
#line 29
{
  __shared__ float partial[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half)
      partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    sums[blockIdx.x] = partial[0];
}

/// 'blockSums' with each block running several blocks of cdp_grid.
static __global__ void CDP_RUNTIME_LAUNCH_BOUNDS blockSums_coarsened(const dim3 cdp_grid, const float *in, float *sums, int n) {
  cdp::coarse::blocks<blockSums_thread>(cdp_grid, in, sums, n);
}
#line 42

static __global__ void CDP_RUNTIME_LAUNCH_BOUNDS halve_coarsened(const dim3 cdp_grid, float *data, int n);
#line 43
__global__ void halve(float *data, int n) {
  if (n > 64)
    cdp::coarse::launch<4>(halve_coarsened, {2, 32, 0, cudaStreamFireAndForget}, data, n / 2);
  data[blockIdx.x * n / gridDim.x] *= 0.5f;
}

/// 'halve' for one thread (cdp-lower --coarsen): its body, with
/// the indices as parameters.
static __device__ void halve_thread(const uint3 blockIdx, const uint3 threadIdx,
    const dim3 gridDim, const dim3 blockDim, float *data, int n)
#line 43
{
  if (n > 64)
    cdp::coarse::launch<4>(halve_coarsened, {2, 32, 0, cudaStreamFireAndForget}, data, n / 2);
  data[blockIdx.x * n / gridDim.x] *= 0.5f;
}

/// 'halve' with each block running several blocks of cdp_grid.
static __global__ void CDP_RUNTIME_LAUNCH_BOUNDS halve_coarsened(const dim3 cdp_grid, float *data, int n) {
  cdp::coarse::blocks<halve_thread>(cdp_grid, data, n);
}
#line 48

__global__ void parent(float *data, float *sums, int n, cudaStream_t stream) {
  cdp::coarse::launch<4>(scale_coarsened, {n / 32 + 1, 32, 0, cudaStreamFireAndForget}, data, n, 2.0f);
  cdp::coarse::launch<4>(blockSums_coarsened, {(n + 127) / 128, 128, 0, stream}, data, sums, n);
  cdp::coarse::launch<4>(halve_coarsened, {dim3(8, 2), 32}, data, n);
}
