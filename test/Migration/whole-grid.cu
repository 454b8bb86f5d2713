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

// One thread of each block launches and waits; the block reads after
// __syncthreads().
__global__ void blockSums(float *data, float *sums, int n) {
  if (n == 0)
    return;
  __shared__ float partial[Threads];
  int first = blockIdx.x * blockDim.x;
  if (threadIdx.x == 0) {
    fill<<<1, blockDim.x>>>(data + first, first);
    cudaDeviceSynchronize();
  }
  __syncthreads();
  partial[threadIdx.x] = data[first + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    sums[blockIdx.x] = partial[0] + partial[Threads - 1];
}

// Every thread launches and waits; what follows reads its index.
__global__ void everyThread(float *data) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  fill<<<1, 1>>>(data + i, i);
  cudaDeviceSynchronize();
  data[i] += threadIdx.x;
}
