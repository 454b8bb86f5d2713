// Launches from a lambda written without attributes in a kernel, which
// clang marks __host__ __device__ and which runs on the GPU alone, and
// from one in a function template, of the kernel template its parameter
// chooses: programs.txt lowers it plain, aggregated by warp, under
// --threshold (small grids run in the launching warp, large ones
// aggregated) and coarsened. Each thread adds its row's values through a
// child grid of the row's length; the host logs a hash of the sums, so a
// launch lost, doubled or given another row's arguments logs other
// values. A generic lambda launches the kernel template its `auto`
// parameter's type chooses, an instance for each type it is called with.
#include "common.cuh"

#include <type_traits>

constexpr int kRows = 512; // three launches a row, under the 2,048 pending

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

template <class T>
__global__ void addRowTyped(const int *values, T *sums, int row, int length) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < length)
    atomicAdd(&sums[row], T(values[i]) * T(row % 5 + 2));
}

__global__ void addAll(const int *values, int *sums, int *scaled,
                       int *typed, unsigned long long *wide) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  auto launchRow = [=](int length) {
    addRow<<<(length + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(
        values, sums, row, length);
  };
  auto launchTyped = [=](auto *out, int length) {
    addRowTyped<std::remove_pointer_t<decltype(out)>>
        <<<(length + 63) / 64, 64, 0, cudaStreamFireAndForget>>>(values, out,
                                                                 row, length);
  };
  if (row < kRows) {
    launchRow(row * 37 % 521 + 1);
    if (row % 3)
      launchTyped(typed, row * 11 % 503 + 1);
    else
      launchTyped(wide, row * 17 % 509 + 1);
    if (row % 2)
      addScaled<3>(values, scaled, row);
    else
      addScaled<5>(values, scaled, row);
  }
}

template <class T> __global__ void hashSums(const T *sums) {
  int hash = 0;
  for (int r = 0; r < kRows; ++r)
    hash = hash * 31 + int(sums[r]);
  logValue(hash);
}

int main() {
  int values[521];
  for (int i = 0; i < 521; ++i)
    values[i] = i * 13 % 101;
  int *dValues, *dSums, *dScaled, *dTyped;
  unsigned long long *dWide;
  cudaMalloc(&dValues, sizeof values);
  cudaMalloc(&dSums, kRows * sizeof(int));
  cudaMalloc(&dScaled, kRows * sizeof(int));
  cudaMemcpy(dValues, values, sizeof values, cudaMemcpyHostToDevice);
  cudaMemset(dSums, 0, kRows * sizeof(int));
  cudaMalloc(&dTyped, kRows * sizeof(int));
  cudaMalloc(&dWide, kRows * sizeof(unsigned long long));
  cudaMemset(dScaled, 0, kRows * sizeof(int));
  cudaMemset(dTyped, 0, kRows * sizeof(int));
  cudaMemset(dWide, 0, kRows * sizeof(unsigned long long));
  addAll<<<kRows / 128, 128>>>(dValues, dSums, dScaled, dTyped, dWide);
  hashSums<<<1, 1>>>(dSums);
  hashSums<<<1, 1>>>(dScaled);
  hashSums<<<1, 1>>>(dTyped);
  hashSums<<<1, 1>>>(dWide);
  printLog("lambda_launches");
}
