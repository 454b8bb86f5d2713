// Launches from a lambda written without attributes in a kernel, which
// clang marks __host__ __device__ and which runs on the GPU alone, and
// from one in a function template, of the kernel template its parameter
// chooses: programs.txt lowers it plain, aggregated by warp, under
// --threshold (small grids run in the launching warp, large ones
// aggregated) and coarsened. Each thread adds its row's values through a
// child grid of the row's length; the host logs a hash of the sums, so a
// launch lost, doubled or given another row's arguments logs other
// values.
#include "common.cuh"

constexpr int kRows = 512; // two launches a row, under the 2,048 pending

__global__ void addRow(const int *values, int *sums, int row, int length) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < length)
    atomicAdd(&sums[row], values[i] * (row % 7 + 1));
}

template <int Scale>
__global__ void addRowScaled(const int *values, int *sums, int row,
                             int length) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < length)
    atomicAdd(&sums[row], values[i] * Scale);
}

template <int Scale>
__device__ void addScaled(const int *values, int *sums, int row) {
  auto launchRow = [=](int length) {
    addRowScaled<Scale><<<(length + 63) / 64, 64, 0, cudaStreamFireAndForget>>>(
        values, sums, row, length);
  };
  launchRow(row * 53 % 499 + 1);
}

__global__ void addAll(const int *values, int *sums, int *scaled) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  auto launchRow = [=](int length) {
    addRow<<<(length + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(
        values, sums, row, length);
  };
  if (row < kRows) {
    launchRow(row * 37 % 521 + 1);
    if (row % 2)
      addScaled<3>(values, scaled, row);
    else
      addScaled<5>(values, scaled, row);
  }
}

__global__ void hashSums(const int *sums) {
  int hash = 0;
  for (int r = 0; r < kRows; ++r)
    hash = hash * 31 + sums[r];
  logValue(hash);
}

int main() {
  int values[521];
  for (int i = 0; i < 521; ++i)
    values[i] = i * 13 % 101;
  int *dValues, *dSums, *dScaled;
  cudaMalloc(&dValues, sizeof values);
  cudaMalloc(&dSums, kRows * sizeof(int));
  cudaMalloc(&dScaled, kRows * sizeof(int));
  cudaMemcpy(dValues, values, sizeof values, cudaMemcpyHostToDevice);
  cudaMemset(dSums, 0, kRows * sizeof(int));
  cudaMemset(dScaled, 0, kRows * sizeof(int));
  addAll<<<kRows / 128, 128>>>(dValues, dSums, dScaled);
  hashSums<<<1, 1>>>(dSums);
  hashSums<<<1, 1>>>(dScaled);
  printLog("lambda_launches");
}
