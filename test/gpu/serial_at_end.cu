// --optimize (programs.txt): kernels that decide between launching a child
// and doing the work in the thread, whose small grids' serial runs wait
// for the launching thread's end (SerialRunAtEnd.h), where every lane of
// the warp shares them. A template child with a barrier and a shared sum
// (as SpMV's long rows), launched with its template argument deduced, from
// the branch that returns before the thread's own loop; some threads
// return before it, some grids are above the threshold (launched). A
// child whose argument is a struct without a default constructor, from
// the then branch of an if whose else does the work alone. Each result
// lands in a cell of its own, so that a grid run twice, or not at all,
// changes the output.
#include "common.cuh"

constexpr int kRows = 2048;

__device__ unsigned long long g_rowSums[kRows];
__device__ int g_scaled[kRows][64];

/// Sums a row's values into a shared total, which thread 0 of each block
/// adds to the row's cell.
template <class Value>
__global__ void longRow(const Value *values, int length,
                        unsigned long long *cell) {
  __shared__ unsigned long long total;
  if (threadIdx.x == 0)
    total = 0;
  __syncthreads();
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < length)
    atomicAdd(&total, (unsigned long long)(values[k] * 3 + k));
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(cell, total);
}

__device__ int g_values[kRows * 8];

__global__ void rows(const int *values, int count) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= count)
    return;
  // Every fifth row long; one in 97 above the threshold of 4,096 threads.
  int length = r % 97 == 0 ? 5000 : r % 5 == 0 ? 40 + r % 300 : r % 13;
  if (length > 32) {
    longRow<<<(length + 127) / 128, 128, 0, cudaStreamFireAndForget>>>(
        values + r % 7, length, &g_rowSums[r]);
    return;
  }
  unsigned long long sum = 0;
  for (int k = 0; k < length; ++k)
    sum += (unsigned long long)(values[r % 7 + k] * 3 + k);
  atomicAdd(&g_rowSums[r], sum);
}

/// A scale with no default constructor: a held run keeps it all the same.
struct Scale {
  __host__ __device__ explicit Scale(int by) : by(by) {}
  int by;
};

__global__ void scaleRow(Scale scale, int *row, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  row[i] = (i + 1) * scale.by;
}

__global__ void scaled(int count) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= count)
    return;
  if (r % 3 == 0)
    scaleRow<<<2, 32, 0, cudaStreamFireAndForget>>>(Scale(r + 2), g_scaled[r],
                                                     1 + r % 64);
  else
    for (int i = 0; i < 64; ++i)
      g_scaled[r][i] = -r - i;
}

__global__ void report() {
  for (int p = 0; p < kRows; p += 128) {
    unsigned long long sums = 0;
    int scales = 0;
    for (int q = p; q < p + 128; ++q) {
      sums = sums * 1000033ull + g_rowSums[q];
      for (int i = 0; i < 64; ++i)
        scales = scales * 31 + g_scaled[q][i];
    }
    logValue(int(sums ^ (sums >> 32)));
    logValue(scales);
  }
}

int main() {
  int host[kRows * 8];
  for (int i = 0; i < kRows * 8; ++i)
    host[i] = (i * 37) % 101 - 50;
  cudaMemcpyToSymbol(g_values, host, sizeof host);
  int *values;
  cudaGetSymbolAddress((void **)&values, g_values);
  rows<<<kRows / 128 + 1, 128>>>(values, kRows);
  scaled<<<kRows / 256, 256>>>(kRows);
  report<<<1, 1>>>();
  printLog("serial_at_end");
}
