// RUN: %cdp-lower --threshold=64 %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN --allow-empty \
// RUN:       --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --threshold=64 %t.cu | diff -u %t.cu -
// RUN: %strip-checks %t.cu | grep -A2 '_serial(cdp_grid_type' | FileCheck %s
// WARN-NOT: {{.}}
//
// A serial run (--threshold) runs only the threads below the x index at
// which the child's guard sends the others home: `byWarpFirst` with
// `threadsBelowX(grid, block, bound)`. The guard is the first statement
// after declarations that change nothing; it returns, or it wraps the rest
// of the body; its bound reads only parameters, globals and constants,
// through accessors if need be. A child without such a guard runs every
// thread (`byWarp`).

#include <cdp/launch.cuh>

__global__ void returns(const int *in, int n, int *out) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n)
    return;
  out[e] = in[e];
}
// CHECK-LABEL: returns_serial(
// CHECK-NEXT: byWarpFirst<returns_thread, cdp_same>(
// CHECK-NEXT: threadsBelowX(cdp_grid, cdp_block, n),

/// The index written in place, in another order (unsigned, so the guard
/// compares in unsigned); braces round the return.
__global__ void inPlace(int n, int *out) {
  if (threadIdx.x + blockDim.x * blockIdx.x >= n) {
    return;
  }
  out[threadIdx.x] = 1;
}
// CHECK-LABEL: inPlace_serial(
// CHECK-NEXT: byWarpFirst<inPlace_thread, cdp_same>(
// CHECK-NEXT: threadsBelowX(cdp_grid, cdp_block, (unsigned int)(n)),

/// The rest of the body in the guard, after a test that changes nothing.
__global__ void wraps(int points, float *out) {
  const long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (points > 1 && i < points)
    out[i] = i / (float)(points - 1);
}
// CHECK-LABEL: wraps_serial(
// CHECK-NEXT: byWarpFirst<wraps_thread, cdp_same>(
// CHECK-NEXT: threadsBelowX(cdp_grid, cdp_block, (long)(points)),

struct Graph {
  const int *rowStart;
  __device__ int degree(int v) const { return rowStart[v + 1] - rowStart[v]; }
};

/// The bound from an accessor of a parameter; a test after it may do
/// anything, as the threads past the bound never reach it.
__global__ void accessor(Graph graph, int v, int *hits) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= graph.degree(v) || atomicAdd(hits, 1) > 100)
    return;
}
// CHECK-LABEL: accessor_serial(
// CHECK-NEXT: byWarpFirst<accessor_thread, cdp_same>(
// CHECK-NEXT: threadsBelowX(cdp_grid, cdp_block, graph.degree(v)),

/// An unsigned index: the guard compares in unsigned.
__global__ void inUnsigned(int n, int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = 1;
}
// CHECK-LABEL: inUnsigned_serial(
// CHECK-NEXT: byWarpFirst<inUnsigned_thread, cdp_same>(
// CHECK-NEXT: threadsBelowX(cdp_grid, cdp_block, (unsigned int)(n)),

#define LIMIT 48
/// A bound from a macro.
__global__ void macroBound(int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= LIMIT)
    return;
  out[i] = 1;
}
// CHECK-LABEL: macroBound_serial(
// CHECK-NEXT: byWarpFirst<macroBound_thread, cdp_same>(
// CHECK-NEXT: threadsBelowX(cdp_grid, cdp_block, LIMIT),

// No guard that may be read once for all threads: every thread runs.

/// Something happens before the guard.
__global__ void effectFirst(int n, int *count) {
  atomicAdd(count, 1);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
}
// CHECK-LABEL: effectFirst_serial(
// CHECK-NEXT: byWarp<effectFirst_thread, cdp_same>(cdp_grid, cdp_block, n, count);

/// A test before the guard that changes something.
__global__ void effectInTest(int n, int *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (atomicAdd(count, 1) > 100 || i >= n)
    return;
}
// CHECK-LABEL: effectInTest_serial(
// CHECK-NEXT: byWarp<effectInTest_thread, cdp_same>(cdp_grid, cdp_block, n, count);

/// The bound is a local: it is not in the wrapper's scope.
__global__ void localBound(int n, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int twice = 2 * n;
  if (i >= twice)
    return;
  out[i] = 1;
}
// CHECK-LABEL: localBound_serial(
// CHECK-NEXT: byWarp<localBound_thread, cdp_same>(cdp_grid, cdp_block, n, out);

/// The bound differs per thread.
__global__ void perThread(int n, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - (int)threadIdx.x)
    return;
  out[i] = 1;
}
// CHECK-LABEL: perThread_serial(
// CHECK-NEXT: byWarp<perThread_thread, cdp_same>(cdp_grid, cdp_block, n, out);

/// A 16-bit index wraps where the grid's does not.
__global__ void narrow(int n, int *out) {
  short i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = 1;
}
// CHECK-LABEL: narrow_serial(
// CHECK-NEXT: byWarp<narrow_thread, cdp_same>(cdp_grid, cdp_block, n, out);

/// A y index, or a test other than `>=` before a return.
__global__ void otherTests(int n, int *out) {
  int i = blockIdx.y * blockDim.y + threadIdx.y;
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n || j > n)
    return;
  out[i] = 1;
}
// CHECK-LABEL: otherTests_serial(
// CHECK-NEXT: byWarp<otherTests_thread, cdp_same>(cdp_grid, cdp_block, n, out);

/// The wrapping guard is not the last statement.
__global__ void notLast(int n, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 1;
  out[0] = 2;
}
// CHECK-LABEL: notLast_serial(
// CHECK-NEXT: byWarp<notLast_thread, cdp_same>(cdp_grid, cdp_block, n, out);

__global__ void parent(const int *in, int n, int *out, float *points,
                       Graph graph) {
  returns<<<1, n, 0, cudaStreamFireAndForget>>>(in, n, out);
  inPlace<<<1, n, 0, cudaStreamFireAndForget>>>(n, out);
  wraps<<<1, n, 0, cudaStreamFireAndForget>>>(n, points);
  accessor<<<1, n, 0, cudaStreamFireAndForget>>>(graph, n, out);
  inUnsigned<<<1, n, 0, cudaStreamFireAndForget>>>(n, out);
  macroBound<<<1, n, 0, cudaStreamFireAndForget>>>(out);
  effectFirst<<<1, n, 0, cudaStreamFireAndForget>>>(n, out);
  effectInTest<<<1, n, 0, cudaStreamFireAndForget>>>(n, out);
  localBound<<<1, n, 0, cudaStreamFireAndForget>>>(n, out);
  perThread<<<1, n, 0, cudaStreamFireAndForget>>>(n, out);
  narrow<<<1, n, 0, cudaStreamFireAndForget>>>(n, out);
  otherTests<<<1, n, 0, cudaStreamFireAndForget>>>(n, out);
  notLast<<<1, n, 0, cudaStreamFireAndForget>>>(n, out);
}
