// RUN: %cdp-lower --threshold=64 %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: not grep -q '[_]serial(' %t.cu
//
// Children with barriers or shared memory that a serial run cannot cut
// into phases (BarrierPhases.h): each is only lowered, with a warning that
// says why and a note where.

#include <cdp/launch.cuh>

__global__ void inLoop(int *out, int n) {
  for (int i = 0; i < n; ++i) {
    out[threadIdx.x] += i;
    __syncthreads();
  }
}

__global__ void warpWide(int *out) {
  out[threadIdx.x] = __shfl_sync(~0u, threadIdx.x, 0);
}

__device__ void helperSyncs() { __syncthreads(); }
__global__ void callsSync(int *out) {
  out[threadIdx.x] = 1;
  helperSyncs();
}

__global__ void leavesEarly(int *out, int n) {
  if (threadIdx.x >= n)
    return;
  out[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] += out[0];
}

__global__ void keepsLoad(const int *in, int *out) {
  int mine = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = mine;
}

__global__ void changesParameter(int *out, int n) {
  n += threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = n;
}

__global__ void besideLoad(const int *in, int *out) {
  int index = threadIdx.x, loaded = in[threadIdx.x];
  __syncthreads();
  out[index] = loaded;
}

__global__ void dynamicShared(int *out) {
  extern __shared__ int scratch[];
  scratch[threadIdx.x] = 1;
  out[threadIdx.x] = scratch[threadIdx.x];
}

__global__ void nestedShared(int *out, int n) {
  if (n > 0) {
    __shared__ int tile[32];
    tile[threadIdx.x] = n;
    out[threadIdx.x] = tile[threadIdx.x];
  }
}

__global__ void largeShared(int *out) {
  __shared__ int tile[512];
  tile[threadIdx.x] = 1;
  out[threadIdx.x] = tile[threadIdx.x];
}

__device__ int helperShares(int v) {
  __shared__ int box;
  box = v;
  return box;
}
__global__ void callsShared(int *out) { out[threadIdx.x] = helperShares(1); }

template <class T = int> __global__ void defaulted(T *out) {
  __shared__ T tile[32];
  tile[threadIdx.x] = 1;
  out[threadIdx.x] = tile[threadIdx.x];
}

#define SYNC __syncthreads()
__global__ void macroSync(int *out) {
  out[threadIdx.x] = 1;
  SYNC;
  out[threadIdx.x] += out[0];
}

__global__ void parent(int *out, int n) {
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'inLoop' always launches a grid under --threshold, even a small one: 'inLoop' has a barrier or warp collective inside a statement; the serial run cuts its body into phases only at __syncthreads(); statements of the body itself
  // CHECK: :15:5: note: it is here
  inLoop<<<1, 32, 0, cudaStreamFireAndForget>>>(out, n);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'warpWide' always launches a grid under --threshold, even a small one: 'warpWide' has a barrier or warp collective inside a statement; the serial run cuts its body into phases only at __syncthreads(); statements of the body itself
  // CHECK: :20:22: note: it is here
  warpWide<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'callsSync' always launches a grid under --threshold, even a small one: 'callsSync' has a barrier or warp collective other than a __syncthreads(); statement of its body, where the serial run cuts it into phases
  // CHECK: :23:33: note: it is here
  callsSync<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'leavesEarly' always launches a grid under --threshold, even a small one: 'leavesEarly' leaves its body before its last barrier; in a serial run, which cuts the body at its barriers, the thread would run the rest
  // CHECK: :31:5: note: it leaves here
  leavesEarly<<<1, 32, 0, cudaStreamFireAndForget>>>(out, n);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'keepsLoad' always launches a grid under --threshold, even a small one: 'keepsLoad' reads 'mine' after a barrier that follows its declaration, and its value is not computed from the indices, unchanged parameters and constants alone; a serial run keeps no thread's locals from one phase to the next
  // CHECK: :38:7: note: it is declared here
  keepsLoad<<<1, 32, 0, cudaStreamFireAndForget>>>(out, out);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'changesParameter' always launches a grid under --threshold, even a small one: 'changesParameter' changes its parameter 'n' and reads it in another phase (between barriers); a serial run passes every phase the value launched
  // CHECK: :43:48: note: the parameter is declared here
  changesParameter<<<1, 32, 0, cudaStreamFireAndForget>>>(out, n);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'besideLoad' always launches a grid under --threshold, even a small one: 'besideLoad' reads 'loaded' after a barrier that follows its declaration, and its value is not computed from the indices, unchanged parameters and constants alone; a serial run keeps no thread's locals from one phase to the next
  // CHECK: :50:28: note: it is declared here
  besideLoad<<<1, 32, 0, cudaStreamFireAndForget>>>(out, out);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'dynamicShared' always launches a grid under --threshold, even a small one: 'dynamicShared' uses dynamic shared memory, whose size only the launch knows
  // CHECK: :56:25: note: 'scratch' declared here
  dynamicShared<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'nestedShared' always launches a grid under --threshold, even a small one: 'nestedShared' declares shared memory inside a statement; a serial run keeps only the body's own
  // CHECK: :63:20: note: 'tile' declared here
  nestedShared<<<1, 32, 0, cudaStreamFireAndForget>>>(out, n);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'largeShared' always launches a grid under --threshold, even a small one: 'largeShared' has more than 1024 bytes of shared memory; a serial run keeps a copy per warp in global memory
  // CHECK: :70:18: note: 'tile' declared here
  largeShared<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
  // CHECK: :[[@LINE+2]]:3: warning: launch of 'callsShared' always launches a grid under --threshold, even a small one: 'callsShared' calls a function that declares shared memory, which in a serial run would be the launching block's
  // CHECK: :76:18: note: 'box' declared here
  callsShared<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
  // CHECK: :[[@LINE+1]]:3: warning: launch of 'defaulted<int>' always launches a grid under --threshold, even a small one: 'defaulted<int>' is a template whose parameter 'T' has a default, which thresholding does not handle
  defaulted<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
  // CHECK: :[[@LINE+3]]:3: warning: launch of 'macroSync' always launches a grid under --threshold, even a small one: 'macroSync' has a barrier written in a macro, where the serial run cannot cut its body
  // CHECK: :91:3: note: the barrier is here
  // CHECK: :88:14: note: expanded from macro 'SYNC'
  macroSync<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
}
