// RUN: cp %s %t.cu && %cdp-lower --migrate-cdp1 --fix %t.cu -- -std=c++17
// RUN: diff -u %S/Expected/result-tested.cu %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: cp %t.cu %t.again.cu && %cdp-lower --migrate-cdp1 --fix %t.again.cu -- -std=c++17
// RUN: diff -u %t.cu %t.again.cu
// RUN: %cdp-lower --migrate-cdp1 %s -o %t.lowered.cu -- -std=c++17
// RUN: %nvcc-rdc -c %t.lowered.cu -o %t.lowered.o
//
// CDP1 code tests the synchronisation's result and returns on an error, as
// the CDP1 guide's own example does. The test stays where the call was,
// after the continuation's launch, and tests that launch's error: the one
// thing in its place that can fail. (A child's own error reached the host,
// not the parent, in CDP1 too.) A test that only returns goes: the thread
// returns there either way.

#include <cassert>
#include <cstdio>

__global__ void childKernel() { printf("Hello "); }

// The guide's example: its test only returns.
__global__ void parentKernel() {
  // launch child
  childKernel<<<1, 1>>>();
  if (cudaSuccess != cudaGetLastError()) {
    return;
  }

  // wait for child to complete
  if (cudaSuccess != cudaDeviceSynchronize()) {
    return;
  }

  printf("World!\n");
}

__global__ void fill(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = i;
}

// In a branch, tested the other way round: the thread returns after the
// test, and the rest runs in the continuation.
__global__ void sumAfterFill(int *p, int n, long long *sum, int *failed) {
  if (n > 0) {
    fill<<<(n + 255) / 256, 256>>>(p, n);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      *failed = 1;
      return;
    }
    long long total = 0;
    for (int i = 0; i < n; ++i)
      total += p[i];
    *sum = total;
  }
  *failed = 0;
}

// The result read as a truth value, and code after the call that needs the
// whole grid: the grid's first thread launches the continuation.
__global__ void scaleAfterFill(int *p, int n, int *failed) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    fill<<<(n + 255) / 256, 256>>>(p, n);
  if (cudaDeviceSynchronize()) {
    *failed = 1;
    return;
  }
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= 2;
}

// Nothing runs after it: the synchronisation and its test go.
__global__ void fillOnly(int *p, int n, int *failed) {
  fill<<<(n + 255) / 256, 256>>>(p, n);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    *failed = 1;
    return;
  }
}

// The thread's last error read right after the call: under CDP2 it holds
// this thread's own launch errors, all a parent is told, so the read stays
// before the continuation's launch and the continuation gets its value.
// (Moved into the continuation it would read that thread's, always none.)
__global__ void fillReported(int *p, int n) {
  fill<<<(n + 255) / 256, 256>>>(p, n);
  cudaDeviceSynchronize();
  cudaError_t err = cudaGetLastError();
  if (err != cudaSuccess)
    printf("fill failed: %s\n", cudaGetErrorString(err));
  printf("%d\n", p[n - 1]);
}

// The same as an assignment, with cudaPeekAtLastError.
__global__ void fillStatus(int *p, int n, cudaError_t *status) {
  cudaError_t err = cudaSuccess;
  if (n > 0) {
    fill<<<(n + 255) / 256, 256>>>(p, n);
    cudaDeviceSynchronize();
    err = cudaPeekAtLastError();
    status[1] = p[0] == 0 ? err : cudaErrorUnknown;
  }
  status[0] = err;
}

// The octree builders' wait (SPH-EXA's Ryoanji, after Bonsai): an assertion
// of the result, which goes with the call, and the frees after it run in
// the continuation, once the child has ended.
__global__ void buildLevel(int *counts, int *range) {
  counts[threadIdx.x] = range[0] + threadIdx.x;
}
__global__ void buildTree(int *out) {
  int *counts = new int[8];
  int *range = new int[2];
  range[0] = 1;
  buildLevel<<<1, 8>>>(counts, range);
  assert(cudaDeviceSynchronize() == cudaSuccess);
  *out = counts[7];
  delete[] counts;
  delete[] range; // Freed once the child has ended.
}

// The other ways round: cudaSuccess first, and the result as a truth value.
__global__ void fillAsserted(int *p, int n) {
  fill<<<(n + 255) / 256, 256>>>(p, n);
  assert(cudaSuccess == cudaDeviceSynchronize());
  printf("%d\n", p[n - 1]);
  fill<<<(n + 255) / 256, 256>>>(p, n);
  assert(!cudaDeviceSynchronize());
  printf("%d\n", p[0]);
}
