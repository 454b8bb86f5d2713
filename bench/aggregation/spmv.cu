// Sparse matrix-vector product, y = A x, on a matrix with power-law row
// lengths: short rows in the parent's thread, a child grid per long row.
#include "bench.cuh"

constexpr int kLongRow = 32;

/// A template, as such kernels often are in real code (one per value type).
template <class Value>
__global__ void longRow(const int *cols, const Value *vals, const Value *x,
                        int first, int length, unsigned long long *y) {
  __shared__ unsigned long long partial;
  if (threadIdx.x == 0)
    partial = 0;
  __syncthreads();
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < length)
    atomicAdd(&partial, (unsigned long long)((long long)vals[first + k] *
                                             x[cols[first + k]]));
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(y, partial);
}

#if CDP_BENCH_CHILDREN_BY_HAND
/// The parent as written, its launch replaced by the child's work done by
/// the launching warp, written by hand: short rows in their own thread,
/// then the lanes' long rows in turn, each by all 32 lanes, as the warp
/// per row program sums them. What a transform of the children
/// (--threshold's serial run) could do at best (bench.cuh).
__global__ void spmv(const int *offsets, const int *cols, const int *vals,
                     const int *x, int rows, unsigned long long *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32;
  int first = 0, length = 0;
  if (r < rows) {
    first = offsets[r];
    length = offsets[r + 1] - first;
    if (length <= kLongRow) {
      long long sum = 0;
      for (int k = 0; k < length; ++k)
        sum += (long long)vals[first + k] * x[cols[first + k]];
      atomicAdd(&y[r], (unsigned long long)sum);
    }
  }
  for (unsigned owners = __ballot_sync(~0u, length > kLongRow); owners;
       owners &= owners - 1) {
    const int owner = __ffs(owners) - 1;
    const int itsFirst = __shfl_sync(~0u, first, owner),
              itsLength = __shfl_sync(~0u, length, owner);
    long long sum = 0;
    for (int k = itsFirst + lane; k < itsFirst + itsLength; k += 32)
      sum += (long long)vals[k] * x[cols[k]];
    for (int step = 16; step > 0; step /= 2)
      sum += __shfl_down_sync(~0u, sum, step);
    if (lane == 0)
      atomicAdd(&y[r - lane + owner], (unsigned long long)sum);
  }
}
#elif CDP_BENCH_FLAT
/// CSR scalar (a thread per row) and CSR vector (a warp per row).
__global__ void spmv(const int *offsets, const int *cols, const int *vals,
                     const int *x, int rows, unsigned long long *y) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int r = t / kThreadsPerItem, lane = t % kThreadsPerItem;
  if (r >= rows) // The same for a whole warp.
    return;
  long long sum = 0;
  for (int k = offsets[r] + lane; k < offsets[r + 1]; k += kThreadsPerItem)
    sum += (long long)vals[k] * x[cols[k]];
  for (int step = kThreadsPerItem / 2; step > 0; step /= 2)
    sum += __shfl_down_sync(~0u, sum, step);
  if (lane == 0)
    atomicAdd(&y[r], (unsigned long long)sum);
}
#else
__global__ void spmv(const int *offsets, const int *cols, const int *vals,
                     const int *x, int rows, unsigned long long *y) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  int first = offsets[r], length = offsets[r + 1] - first;
  if (length > kLongRow) {
    longRow<<<(length + 127) / 128, 128, 0, CDP_BENCH_STREAM>>>(
        cols, vals, x, first, length, &y[r]);
    return;
  }
  long long sum = 0;
  for (int k = 0; k < length; ++k)
    sum += (long long)vals[first + k] * x[cols[first + k]];
  atomicAdd(&y[r], (unsigned long long)sum);
}
#endif

int main(int argc, char **argv) {
  const long largest = argc > 1 ? std::atol(argv[1]) : 300000;
  const long smallest = argc > 2 ? std::atol(argv[2]) : 0;
  for (int rows : {20000, 100000, 300000, 3000000, 10000000}) {
    if (rows > largest)
      break;
    if (rows < smallest)
      continue;
    std::vector<int> offsets(rows + 1, 0), cols, vals, x(rows);
    unsigned seed = 777;
    auto rnd = [&] { return seed = seed * 1664525u + 1013904223u; };
    for (int r = 0; r < rows; ++r) {
      int p = rnd() % 100, length = p < 80 ? p % 16 : p < 98 ? 33 + p % 100 : 200 + p * 7;
      for (int k = 0; k < length; ++k) {
        cols.push_back(rnd() % rows);
        vals.push_back((int)(rnd() % 19) - 9);
      }
      offsets[r + 1] = (int)cols.size();
      x[r] = (int)(rnd() % 11) - 5;
    }
    std::vector<unsigned long long> want(rows, 0);
    for (int r = 0; r < rows; ++r) {
      long long sum = 0;
      for (int k = offsets[r]; k < offsets[r + 1]; ++k)
        sum += (long long)vals[k] * x[cols[k]];
      want[r] = (unsigned long long)sum;
    }
    int *dOff, *dCols, *dVals, *dX;
    unsigned long long *dY;
    CHECK_CUDA(cudaMalloc(&dOff, (rows + 1) * 4));
    CHECK_CUDA(cudaMalloc(&dCols, cols.size() * 4 + 4));
    CHECK_CUDA(cudaMalloc(&dVals, vals.size() * 4 + 4));
    CHECK_CUDA(cudaMalloc(&dX, rows * 4));
    CHECK_CUDA(cudaMalloc(&dY, rows * 8));
    cudaMemcpy(dOff, offsets.data(), (rows + 1) * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dCols, cols.data(), cols.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dVals, vals.data(), vals.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dX, x.data(), rows * 4, cudaMemcpyHostToDevice);
    allowPendingLaunches(rows);
    auto run = [&] {
      cudaMemset(dY, 0, rows * 8);
      spmv<<<(rows * kThreadsPerItem + 127) / 128, 128>>>(dOff, dCols, dVals, dX, rows, dY);
    };
    float ms = medianMs(run);
    std::vector<unsigned long long> got(rows);
    cudaMemcpy(got.data(), dY, rows * 8, cudaMemcpyDeviceToHost);
    report("spmv", rows, ms, got == want);
    cudaFree(dOff); cudaFree(dCols); cudaFree(dVals); cudaFree(dX); cudaFree(dY);
  }
}
