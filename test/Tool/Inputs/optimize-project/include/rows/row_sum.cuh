#pragma once
// A child with a barrier and shared memory, as a template in a project
// header, and the device function that launches it.

template <class Value>
__global__ void rowSum(const Value *values, int first, int length, Value *out) {
  __shared__ Value partial;
  if (threadIdx.x == 0)
    partial = 0;
  __syncthreads();
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < length)
    atomicAdd(&partial, values[first + i]);
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(out, partial);
}

__device__ inline void sumLongRow(const float *values, int first, int length,
                                  float *out) {
  rowSum<<<(length + 127) / 128, 128, 0, cudaStreamFireAndForget>>>(
      values, first, length, out);
}
