// Launches that one thread of a block makes, each its kernel's only call
// into the device runtime: cdp-lower opens them with cdp::oneThreadOfBlock
// and, in a one-dimensional block, they take no runtime turn
// (lib/Aggregation/SoleRuntimeCall.h). A chain of tail launches from the
// grid's first thread (9Bruno9's GF(2) solver's shape), and a block of two
// rows whose guard tests the x index only: two lanes of each warp launch,
// at different times, and the runtime takes the turn for them.
#include "common.cuh"

__device__ int g_sum;
__device__ int g_children;
__device__ unsigned g_arrivals;

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
  unsigned order = atomicAdd(&g_arrivals, 1u);
  long long until = clock64() + (order % 5) * spin;
  while (clock64() < until) {
  }
  if (threadIdx.x == 0)
    counted<<<1, 1, 0, cudaStreamFireAndForget>>>();
}

__global__ void total(const int *data, int n) {
  int sum = 0;
  for (int i = 0; i < n; ++i)
    sum += data[i];
  logValue(sum);
  logValue(g_sum);
  logValue(g_children);
}

int main() {
  const int n = 1 << 16;
  int *data;
  cudaMalloc(&data, n * sizeof(int));
  cudaMemset(data, 0, n * sizeof(int));
  step<<<64, 256>>>(data, n, 40);
  rowsOfBlock<<<256, dim3(16, 2)>>>(2000);
  rowsOfBlock<<<256, 64>>>(2000);
  cudaDeviceSynchronize();
  total<<<1, 1>>>(data, n);
  printLog("one_thread_of_block");
  cudaFree(data);
}
