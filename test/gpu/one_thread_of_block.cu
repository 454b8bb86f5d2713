// Launches that one thread of a block makes, in kernels that call the
// device runtime nowhere else: cdp-lower opens them with cdp::oneThreadOfBlock
// and, in a one-dimensional block, they take no runtime turn
// (lib/Aggregation/SoleRuntimeCall.h). A chain of tail launches from the
// grid's first thread (9Bruno9's GF(2) solver's shape), and a block of two
// rows whose guard tests the x index only: two lanes of each warp launch,
// at different times, and the runtime takes the turn for them. A thread
// that launches twice and reads the launch's error in its branch
// (BSMR-SDDMM's clustering block), and a kernel template that launches
// itself from the thread of rank 0 of a block's cooperative group, with
// a shared array of its parameter's size (NVIDIA's quadtree sample's
// shape): both tagged too. Threads sent home first (`if (threadIdx.x !=
// 0) return;`), the one left launching twice and reading the error, and in
// blocks of two rows an exit on x and a branch on y: tagged. Lane 0 of
// each warp launching and reading the error, and the last warp to arrive
// making a stream and launching into it (NVIDIA's advanced quicksort
// sample's shape): cdp::oneLaneOfWarp.
#include "common.cuh"
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ int g_sum;
__device__ int g_children;
__device__ unsigned g_arrivals;
__device__ int g_errors;
__device__ int g_nodes;
__device__ int g_leafSums;

/// Holds this thread for a time set by its order of arrival, one of
/// \p lengths lengths of \p spin clocks: lanes of one warp that reach a
/// launch apart.
__device__ void spinByArrival(int spin, unsigned lengths) {
  unsigned order = atomicAdd(&g_arrivals, 1u);
  long long until = clock64() + (order % lengths) * spin;
  while (clock64() < until) {
  }
}

__global__ void step(int *data, int n, int steps) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = tid; i < n; i += blockDim.x * gridDim.x)
    data[i] += i % 7;
  if (tid == 0) {
    atomicAdd(&g_sum, steps);
    if (steps > 1)
      step<<<gridDim.x, blockDim.x, 0, cudaStreamTailLaunch>>>(data, n,
                                                               steps - 1);
  }
}

__global__ void counted() { atomicAdd(&g_children, 1); }

// Lanes 0 and 16 of each warp pass the guard in 16 x 2 blocks; the spin
// of a length set by their order of arrival splits them.
__global__ void rowsOfBlock(int spin) {
  spinByArrival(spin, 5);
  if (threadIdx.x == 0)
    counted<<<1, 1, 0, cudaStreamFireAndForget>>>();
}

__global__ void twoAndError(int spin) {
  spinByArrival(spin, 3);
  if (threadIdx.x == blockDim.x - 1) {
    counted<<<1, 2, 0, cudaStreamFireAndForget>>>();
    counted<<<1, 3>>>();
    if (cudaGetLastError() != cudaSuccess)
      atomicAdd(&g_errors, 1);
  }
}

__global__ void exitsEarly(int spin) {
  spinByArrival(spin, 3);
  if (threadIdx.x != 0)
    return;
  counted<<<1, 4, 0, cudaStreamFireAndForget>>>();
  counted<<<1, 1>>>();
  if (cudaGetLastError() != cudaSuccess)
    atomicAdd(&g_errors, 1);
}

__global__ void exitsEarlyByRow(int spin) {
  spinByArrival(spin, 5);
  if (threadIdx.x)
    return;
  if (threadIdx.y == 1)
    counted<<<1, 2, 0, cudaStreamFireAndForget>>>();
}

__device__ unsigned g_warpsArrived;

__global__ void lanesLaunch(int spin, unsigned warps) {
  spinByArrival(spin, 7);
  const unsigned lane = threadIdx.x % warpSize;
  if (lane != 0)
    return;
  counted<<<1, 2, 0, cudaStreamFireAndForget>>>();
  if (cudaGetLastError() != cudaSuccess)
    atomicAdd(&g_errors, 1);
  if (atomicAdd(&g_warpsArrived, 1u) + 1 == warps) {
    cudaStream_t stream;
    cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);
    counted<<<3, 32, 0, stream>>>();
    cudaStreamDestroy(stream);
  }
}

template <int Threads> __global__ void quadNode(int depth) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int partial[Threads / 32];
  if (block.thread_rank() % 32 == 0)
    partial[block.thread_rank() / 32] = depth;
  block.sync();
  int sum = 0;
  for (int w = 0; w < Threads / 32; ++w)
    sum += partial[w];
  if (block.thread_rank() == 0) {
    atomicAdd(&g_nodes, 1);
    if (depth > 0)
      quadNode<Threads><<<4, Threads>>>(depth - 1);
    else
      atomicAdd(&g_leafSums, sum);
  }
}

__global__ void total(const int *data, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += data[i];
  logValue(sum);
  logValue(g_sum);
  logValue(g_children);
  logValue(g_errors);
  logValue(g_nodes);
  logValue(g_leafSums);
}

int main() {
  const int n = 1 << 16;
  int *data;
  cudaMalloc(&data, n * sizeof(int));
  cudaMemset(data, 0, n * sizeof(int));
  step<<<64, 256>>>(data, n, 40);
  rowsOfBlock<<<256, dim3(16, 2)>>>(2000);
  rowsOfBlock<<<256, 64>>>(2000);
  twoAndError<<<300, 64>>>(2000);
  exitsEarly<<<300, 64>>>(2000);
  exitsEarlyByRow<<<256, dim3(16, 2)>>>(2000);
  lanesLaunch<<<128, 96>>>(2000, 128 * 3);
  quadNode<128><<<1, 128>>>(4);
  cudaDeviceSynchronize();
  total<<<1, 1>>>(data, n);
  printLog("one_thread_of_block");
  cudaFree(data);
}
