// RUN: cp %s %t.cu && %cdp-lower --migrate-cdp1 --fix %t.cu -- -std=c++17
// RUN: diff -u %S/Expected/whole-grid.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --migrate-cdp1 %s -o %t.lowered.cu -- -std=c++17
// RUN: %nvcc-rdc -c %t.lowered.cu -o %t.lowered.o
//
// Code after the synchronisation that needs its place in the grid (indices,
// __syncthreads, shared memory) continues in one kernel of the grid's
// shape, launched by the grid's first thread; each thread computes its
// values again from the parameters and its indices.

constexpr int Threads = 256;

__global__ void fill(float *data, int first) { data[threadIdx.x] = first; }

__global__ void blockSums_continuation(float *data, float *sums);

// One thread of each block launches and waits; the block reads after
// __syncthreads().
__global__ void blockSums(float *data, float *sums, int n) {
  if (n == 0)
    return;
  int first = blockIdx.x * blockDim.x;
  if (threadIdx.x == 0) {
    fill<<<1, blockDim.x>>>(data + first, first);
  }
  if (blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0 &&
      threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
    blockSums_continuation<<<gridDim, blockDim, 0, cudaStreamTailLaunch>>>(data,
                                                                           sums);
}

// The rest of blockSums after its cudaDeviceSynchronize() (line 25), for CDP2:
// it runs once blockSums's grid and all the work it launched have completed.
// The grid's first thread launches it with the grid's shape; each thread
// computes its values again.
__global__ void blockSums_continuation(float *data, float *sums) {
  __shared__ float partial[Threads];
  int first = blockIdx.x * blockDim.x;
  __syncthreads();
  partial[threadIdx.x] = data[first + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    sums[blockIdx.x] = partial[0] + partial[Threads - 1];
}

__global__ void everyThread_continuation(float *data);

// Every thread launches and waits; what follows reads its index.
__global__ void everyThread(float *data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  fill<<<1, 1>>>(data + i, i);
  if (blockIdx.x == 0 && blockIdx.y == 0 && blockIdx.z == 0 &&
      threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
    everyThread_continuation<<<gridDim, blockDim, 0, cudaStreamTailLaunch>>>(data);
}

// The rest of everyThread after its cudaDeviceSynchronize() (line 38), for CDP2:
// it runs once everyThread's grid and all the work it launched have completed.
// The grid's first thread launches it with the grid's shape; each thread
// computes its values again.
__global__ void everyThread_continuation(float *data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] += threadIdx.x;
}

