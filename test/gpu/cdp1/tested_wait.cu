// CDP1: each thread launches a child that squares its slice, tests the
// wait's result (returning on an error, as the CDP1 guide's example does),
// and then reads what the child wrote: once in the thread's own code, once
// in a loop of waits. Prints "tested_wait: OK" when every sum is the
// host's.
#include <cstdio>
#include <vector>

constexpr int Threads = 64, Slice = 32, Rounds = 3;

__global__ void square(int *slice) {
  slice[threadIdx.x] = slice[threadIdx.x] * slice[threadIdx.x];
}

__global__ void add(int *slice) { slice[threadIdx.x] += 1; }

__global__ void squaresThenSum(int *data, long long *sums, int *failed) {
  const int t = threadIdx.x;
  int *slice = data + t * Slice;
  square<<<1, Slice>>>(slice);
  if (cudaSuccess != cudaDeviceSynchronize()) {
    atomicAdd(failed, 1);
    return;
  }
  long long sum = 0;
  for (int i = 0; i < Slice; ++i)
    sum += slice[i];
  sums[t] = sum;
}

__global__ void addRounds(int *data, long long *sums, int *failed) {
  const int t = threadIdx.x;
  int *slice = data + t * Slice;
  for (int round = 0; round < Rounds; ++round) {
    add<<<1, Slice>>>(slice);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      atomicAdd(failed, 1);
      return;
    }
    sums[t] += slice[round];
  }
}

int main() {
  int *data, *failed;
  long long *sums;
  cudaMalloc(&data, Threads * Slice * sizeof(int));
  cudaMalloc(&sums, Threads * sizeof(long long));
  cudaMalloc(&failed, sizeof(int));
  std::vector<int> values(Threads * Slice);
  for (int i = 0; i < Threads * Slice; ++i)
    values[i] = i % 100;
  cudaMemcpy(data, values.data(), values.size() * sizeof(int),
             cudaMemcpyHostToDevice);
  cudaMemset(failed, 0, sizeof(int));
  squaresThenSum<<<1, Threads>>>(data, sums, failed);
  cudaError_t status = cudaDeviceSynchronize();
  std::vector<long long> squares(Threads);
  cudaMemcpy(squares.data(), sums, Threads * sizeof(long long),
             cudaMemcpyDeviceToHost);
  cudaMemset(sums, 0, Threads * sizeof(long long));
  addRounds<<<1, Threads>>>(data, sums, failed);
  if (status == cudaSuccess)
    status = cudaDeviceSynchronize();
  std::vector<long long> rounds(Threads);
  cudaMemcpy(rounds.data(), sums, Threads * sizeof(long long),
             cudaMemcpyDeviceToHost);
  int failures = 0;
  cudaMemcpy(&failures, failed, sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int t = 0; t < Threads; ++t) {
    long long squareSum = 0, roundSum = 0;
    for (int i = 0; i < Slice; ++i) {
      long long v = values[t * Slice + i];
      squareSum += v * v;
    }
    // Round r reads element r after r + 1 additions to its square.
    for (int r = 0; r < Rounds; ++r) {
      long long v = values[t * Slice + r];
      roundSum += v * v + r + 1;
    }
    wrong += squares[t] != squareSum || rounds[t] != roundSum;
  }
  if (status != cudaSuccess || failures || wrong) {
    printf("tested_wait: FAIL (%s): %d waits failed, %d threads wrong\n",
           cudaGetErrorString(status), failures, wrong);
    return 1;
  }
  printf("tested_wait: OK, %d threads, %d rounds\n", Threads, Rounds);
  return 0;
}
