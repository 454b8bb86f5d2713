// RUN: %cdp-lower --threshold=64 %s -o %t.cu -- -Wno-unknown-attributes \
// RUN:   2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: grep -v '^// ' %t.cu | FileCheck %s --check-prefix=OUT
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --threshold=64 %t.cu -- -Wno-unknown-attributes \
// RUN:   | diff -u %t.cu -
// RUN: %cdp-lower --aggregate=warp --aggregate-unordered=all %s -o %t.warp.cu \
// RUN:   -- -Wno-unknown-attributes
// RUN: grep -v '^// ' %t.warp.cu | FileCheck %s --check-prefix=WARP
// RUN: %nvcc-rdc -c %t.warp.cu -o %t.warp.o
// RUN: %cdp-lower --coarsen=2 %s -o %t.coarse.cu -- -Wno-unknown-attributes
// RUN: grep -v '^// ' %t.coarse.cu | FileCheck %s --check-prefix=COARSE
// RUN: %nvcc-rdc -c %t.coarse.cu -o %t.coarse.o
//
// A kernel that runs the runtime's code for a launch (a serial run, an
// aggregated launch), in its body or in a function it calls, is bounded to
// 1,024-thread blocks unless it has bounds or a register cap of its own:
// that code adds registers, and a kernel launched with 1,024-thread blocks
// that needs more than 64 a thread does not launch at all.

#include <cdp/aggregate.cuh>

__global__ void child(int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(out, i);
}
// COARSE: static __global__ void CDP_RUNTIME_LAUNCH_BOUNDS child_coarsened(

// OUT: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS direct(int *out) {
// WARP: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS direct(int *out) {
__global__ void direct(int *out) {
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, threadIdx.x);
}

__device__ void helper(int *out) {
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, 3);
}
template <class T> __device__ void helperTemplate(T *out) {
  child<<<1, 8, 0, cudaStreamFireAndForget>>>(out, 5);
}
__device__ void nothingToRun(int *out) { *out = 1; }

// Through a function, and a function template.
// OUT: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS throughHelper(int *out) {
// WARP: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS throughHelper(int *out) {
__global__ void throughHelper(int *out) { helper(out); }
// OUT: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS throughTemplate(int *out) {
__global__ void throughTemplate(int *out) { helperTemplate(out); }

// Nothing of the runtime's: as written.
// OUT: {{^}}__global__ void unrelated(int *out) { nothingToRun(out); }
// WARP: {{^}}__global__ void unrelated(int *out) { nothingToRun(out); }
__global__ void unrelated(int *out) { nothingToRun(out); }

// Bounds or a register cap of its own: kept, and no other added (nvcc
// refuses __launch_bounds__ beside __maxnreg__).
// OUT: {{^}}__global__ void __launch_bounds__(256) ownBounds(int *out) {
__global__ void __launch_bounds__(256) ownBounds(int *out) { helper(out); }
// OUT: {{^}}__global__ void __maxnreg__(48) ownCap(int *out) {
__global__ void __maxnreg__(48) ownCap(int *out) { helper(out); }

// A child whose own launch is run serially, as a kernel and inside the
// serial run of its launch.
// OUT: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS middle(int *out, int n) {
__global__ void middle(int *out, int n) {
  if (threadIdx.x % 2)
    child<<<1, 4, 0, cudaStreamFireAndForget>>>(out, n);
}
// OUT: {{^}}__global__ void CDP_RUNTIME_LAUNCH_BOUNDS top(int *out) {
__global__ void top(int *out) {
  middle<<<1, 8, 0, cudaStreamFireAndForget>>>(out, threadIdx.x);
}

// A coarsened copy keeps the bounds of the child it stands for.
__global__ void __launch_bounds__(128) boundedChild(int *out) {
  atomicAdd(out, blockIdx.x);
}
// COARSE: static __global__ void __launch_bounds__(128) boundedChild_coarsened(
__global__ void coarsenedParent(int *out) {
  boundedChild<<<4, 32, 0, cudaStreamFireAndForget>>>(out);
}
