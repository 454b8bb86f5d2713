// CDP1: each thread launches a child, waits, and then reads its last
// error into a local and records it, as CDP1 code reports launch errors.
// Odd threads ask for 2048 threads a block, which no GPU launches: their
// last error is cudaErrorInvalidConfiguration, even threads' cudaSuccess,
// and an even thread's child doubled its slice before the parent reads it.
// Prints "error_read: OK" when every thread recorded its own error and
// read its child's values.
#include <cstdio>
#include <vector>

constexpr int Threads = 64, Slice = 32;

__global__ void doubleSlice(int *slice) { slice[threadIdx.x] *= 2; }

__global__ void launchAndReport(int *data, int *errors, long long *sums) {
  const int t = threadIdx.x;
  int *slice = data + t * Slice;
  doubleSlice<<<1, t % 2 ? 2048 : Slice>>>(slice);
  cudaDeviceSynchronize();
  cudaError_t err = cudaGetLastError();
  errors[t] = err;
  long long sum = 0;
  for (int i = 0; i < Slice; ++i)
    sum += slice[i];
  sums[t] = sum;
}

int main() {
  int *data, *errors;
  long long *sums;
  cudaMalloc(&data, Threads * Slice * sizeof(int));
  cudaMalloc(&errors, Threads * sizeof(int));
  cudaMalloc(&sums, Threads * sizeof(long long));
  std::vector<int> values(Threads * Slice);
  for (int i = 0; i < Threads * Slice; ++i)
    values[i] = i % 100;
  cudaMemcpy(data, values.data(), values.size() * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemset(errors, 0xff, Threads * sizeof(int));
  launchAndReport<<<1, Threads>>>(data, errors, sums);
  cudaError_t status = cudaDeviceSynchronize();
  std::vector<int> recorded(Threads);
  std::vector<long long> read(Threads);
  cudaMemcpy(recorded.data(), errors, Threads * sizeof(int),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(read.data(), sums, Threads * sizeof(long long),
             cudaMemcpyDeviceToHost);
  int wrongErrors = 0, wrongSums = 0;
  for (int t = 0; t < Threads; ++t) {
    long long sum = 0;
    for (int i = 0; i < Slice; ++i)
      sum += values[t * Slice + i] * (t % 2 ? 1 : 2);
    int expected = t % 2 ? cudaErrorInvalidConfiguration : cudaSuccess;
    wrongErrors += recorded[t] != expected;
    wrongSums += read[t] != sum;
  }
  if (status != cudaSuccess || wrongErrors || wrongSums) {
    printf("error_read: FAIL (%s): %d errors wrong (thread 1 recorded %d), "
           "%d sums wrong\n",
           cudaGetErrorString(status), wrongErrors, recorded[1], wrongSums);
    return 1;
  }
  printf("error_read: OK, %d threads, half of them with a launch error\n",
         Threads);
  return 0;
}
