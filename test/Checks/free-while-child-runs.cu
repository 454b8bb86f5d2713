// RUN: %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp' --implicit-check-not=note:
// RUN: %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp' --implicit-check-not=note:
// Off, as a warning can be:
// RUN: %cdp-lower --check-only -Wno-cdp-free-while-child-runs %s 2>&1 | count 0
// A warning, so the file still lowers, and nvcc builds the output:
// RUN: %cdp-lower %s -o %t.cu 2>/dev/null
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// A wait that is compiled is the device-synchronize check's:
// RUN: not %cdp-lower --check-only %s -- -std=c++17 --cuda-gpu-arch=sm_90 \
// RUN:     -DCOMPILED_WAIT 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WAIT --implicit-check-not="'waited' is freed"
//
// cdp-free-while-child-runs: memory handed to a child grid freed by the
// parent while the child may still run.

// A Release build: assert() expands to nothing.
#define NDEBUG
#include <cassert>
#include <cuda_runtime.h>

__global__ void child(int *data) { data[threadIdx.x] += 1; }
__global__ void pair(int *a, const int *b) { a[threadIdx.x] = b[threadIdx.x]; }

// The CDP1 wait of an octree builder (SPH-EXA's Ryoanji), compiled out.
__global__ void waitInAssert(int n) {
  int *counts = new int[n];
  int *sums = new int[n];
  pair<<<1, n>>>(counts, sums);
  assert(cudaDeviceSynchronize() == cudaSuccess);
  // CHECK: free-while-child-runs.cu:[[@LINE+5]]:3: warning: 'counts' is freed while the child grid 'pair', launched above with it, may still be running: nothing in between waits for the child, which may then use freed memory [-Wcdp-free-while-child-runs]
  // CHECK: free-while-child-runs.cu:[[@LINE-3]]:3: note: 'pair' is launched here
  // CHECK: free-while-child-runs.cu:[[@LINE-3]]:10: note: this cudaDeviceSynchronize() is not compiled: 'assert' expands without its argument when NDEBUG is defined, as it is here
  // CHECK: free-while-child-runs.cu:[[@LINE+2]]:3: note: free it in a kernel launched on cudaStreamTailLaunch, which starts once this grid and all its children have ended
  // Each free is reported; the cause and the fix at the first.
  delete[] counts;
  // CHECK: free-while-child-runs.cu:[[@LINE+2]]:3: warning: 'sums' is freed while the child grid 'pair'{{.*}} [-Wcdp-free-while-child-runs]
  // CHECK: free-while-child-runs.cu:[[@LINE-9]]:3: note: 'pair' is launched here
  delete[] sums;
}

// free() and cudaFree(), of a pointer handed with an offset.
__global__ void freeAndCudaFree(int n) {
  int *data = (int *)malloc(n * sizeof(int));
  int *more;
  cudaMalloc(&more, n * sizeof(int));
  child<<<1, n>>>(data + 4);
  child<<<1, n>>>(&more[1]);
  // CHECK: free-while-child-runs.cu:[[@LINE+4]]:3: warning: 'data' is freed while the child grid 'child'{{.*}} [-Wcdp-free-while-child-runs]
  // CHECK: free-while-child-runs.cu:[[@LINE-3]]:3: note: 'child' is launched here
  // The last launch that hands it is named.
  // CHECK: free-while-child-runs.cu:[[@LINE+1]]:3: note: free it in a kernel launched on cudaStreamTailLaunch
  free(data);
  // CHECK: free-while-child-runs.cu:[[@LINE+3]]:3: warning: 'more' is freed while the child grid 'child'{{.*}} [-Wcdp-free-while-child-runs]
  // CHECK: free-while-child-runs.cu:[[@LINE-7]]:3: note: 'child' is launched here
  // CHECK: free-while-child-runs.cu:[[@LINE+1]]:3: note: free it in a kernel launched on cudaStreamTailLaunch
  cudaFree(more);
}

// A wait that a project's own macro drops, and one an #if skips.
#define CUDA_CHECK(call)
__global__ void waitInOwnMacro(int *data) {
  child<<<1, 32>>>(data);
  CUDA_CHECK(cudaDeviceSynchronize());
  // CHECK: free-while-child-runs.cu:[[@LINE+4]]:3: warning: 'data' is freed while the child grid 'child'{{.*}} [-Wcdp-free-while-child-runs]
  // CHECK: free-while-child-runs.cu:[[@LINE-3]]:3: note: 'child' is launched here
  // CHECK: free-while-child-runs.cu:[[@LINE-3]]:14: note: this cudaDeviceSynchronize() is not compiled: 'CUDA_CHECK' expands without its argument{{$}}
  // CHECK: free-while-child-runs.cu:[[@LINE+1]]:3: note: free it in a kernel
  delete data;
}
__global__ void waitSkipped(int *data) {
  child<<<1, 32>>>(data);
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
  cudaDeviceSynchronize();
#endif
  // CHECK: free-while-child-runs.cu:[[@LINE+4]]:3: warning: 'data' is freed while the child grid 'child'{{.*}} [-Wcdp-free-while-child-runs]
  // CHECK: free-while-child-runs.cu:[[@LINE-5]]:3: note: 'child' is launched here
  // CHECK: free-while-child-runs.cu:[[@LINE-4]]:3: note: this cudaDeviceSynchronize() is not compiled: the preprocessor skips it
  // CHECK: free-while-child-runs.cu:[[@LINE+1]]:3: note: free it in a kernel
  free(data);
}

// In a template, reported once, at the pattern.
template <int N> __global__ void inTemplate() {
  int *scratch = new int[N];
  child<<<1, N>>>(scratch);
  // CHECK: free-while-child-runs.cu:[[@LINE+3]]:3: warning: 'scratch' is freed while the child grid 'child'{{.*}} [-Wcdp-free-while-child-runs]
  // CHECK: free-while-child-runs.cu:[[@LINE-2]]:3: note: 'child' is launched here
  // CHECK: free-while-child-runs.cu:[[@LINE+1]]:3: note: free it in a kernel
  delete[] scratch;
}
template __global__ void inTemplate<32>();
template __global__ void inTemplate<64>();

// Not reported.

// The good form: the tail launch frees, after the child has ended.
__global__ void release(int *data) { delete[] data; }
__global__ void tailFrees(int n) {
  int *data = new int[n];
  child<<<1, n>>>(data);
  release<<<1, 1, 0, cudaStreamTailLaunch>>>(data);
}

// The pointer is given new memory before the free.
__global__ void reassigned(int n) {
  int *data = new int[n];
  child<<<1, n>>>(data);
  data = new int[n];
  delete[] data;
}

// Freed where no launch ran: the other branch, or before it.
__global__ void otherBranch(int *data, bool launch) {
  if (launch)
    child<<<1, 32>>>(data);
  else
    free(data);
}
__global__ void freedBefore(int *data, int *other) {
  free(other);
  child<<<1, 32>>>(data);
}

// Another pointer than the one handed.
__global__ void otherPointer(int *data, int *scratch) {
  child<<<1, 32>>>(data);
  free(scratch);
}

#ifdef COMPILED_WAIT
__global__ void compiledWait(int *waited) {
  child<<<1, 32>>>(waited);
  // WAIT: free-while-child-runs.cu:[[@LINE+1]]:3: error: cudaDeviceSynchronize() is not available in device code under CDP2
  cudaDeviceSynchronize();
  free(waited);
}
#endif

// The host frees after its own launch: a host stream, not this rule.
void host(int *data) {
  child<<<1, 32>>>(data);
  cudaFree(data);
}
