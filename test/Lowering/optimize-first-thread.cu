// RUN: cd %S && %cdp-lower --optimize --optimize-remarks optimize-first-thread.cu -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --optimize %t.cu | diff -u %t.cu -
//
// --optimize does not aggregate by block a launch that only one thread of
// a block makes, once: the block has no other launch to join it with, and
// the aggregated copy costs each of its blocks a search and a barrier (a
// public Mandelbrot's recursive kernel ran 5% slower so, H200; NVIDIA's
// quadtree sample 1.7x slower, H100). The thread is told by the `if`s
// around the launch: threadIdx.x is 0, or a value the same in the whole
// block, and threadIdx.y and .z too where the kernel reads them, tested
// directly or through a local copy that never changes. A launch in a
// loop, or in a kernel whose blocks have rows the test leaves in, is still
// aggregated, as is one tested through a copy that changes. (`walk` launches itself: no run in the launching warp.)

__global__ void walk(int *out, int depth) {
  out[blockIdx.x * blockDim.x + threadIdx.x] += depth;
  // CHECK: :[[@LINE+2]]:5: remark: launch of 'walk' launches as written: only one thread of its block launches, so aggregation by block would join nothing; it never runs in the launching warp: 'walk' launches itself, and its serial run would recurse {{.*}} (--optimize)
  if (depth > 0 && threadIdx.x == 0 && blockIdx.x == 0)
    walk<<<2, 64, 0, cudaStreamFireAndForget>>>(out, depth - 1);
}

__global__ void squares(int *out) {
  if (threadIdx.y == 0 && 0 == threadIdx.x) {
    // CHECK: :[[@LINE+1]]:5: remark: launch of 'walk' launches as written: only one thread of its block launches, so aggregation by block would join nothing; it never runs in the launching warp: 'walk' launches itself, and its serial run would recurse {{.*}} (--optimize)
    walk<<<blockIdx.x + 1, 64, 0, cudaStreamFireAndForget>>>(out, 3);
  }
}

__global__ void rows(int *out) {
  out[threadIdx.y] = 0;
  // CHECK: :[[@LINE+2]]:5: remark: launch of 'walk' is aggregated by block; it never runs in the launching warp: 'walk' launches itself, {{.*}} (--optimize)
  if (threadIdx.x == 0)
    walk<<<1, 64, 0, cudaStreamFireAndForget>>>(out + threadIdx.y * 64, 3);
}

__global__ void looped(int *out, int count) {
  if (!threadIdx.x)
    for (int i = 0; i < count; ++i)
      // CHECK: :[[@LINE+1]]:7: remark: launch of 'walk' is aggregated by block; it never runs in the launching warp: 'walk' launches itself, {{.*}} (--optimize)
      walk<<<1, 64, 0, cudaStreamFireAndForget>>>(out + i * 64, 3);
}

__global__ void others(int *out) {
  if (threadIdx.x == 0)
    out[0] = 1;
  else
    // CHECK: :[[@LINE+1]]:5: remark: launch of 'walk' is aggregated by block; it never runs in the launching warp: 'walk' launches itself, {{.*}} (--optimize)
    walk<<<1, 64, 0, cudaStreamFireAndForget>>>(out + threadIdx.x * 64, 3);
}

__global__ void copied(int *out) {
  const int t = threadIdx.x;
  unsigned lane = threadIdx.x;
  out[t] = 0;
  if (t == 0)
    // CHECK: :[[@LINE+1]]:5: remark: launch of 'walk' launches as written: only one thread of its block launches, so aggregation by block would join nothing; it never runs in the launching warp: 'walk' launches itself, and its serial run would recurse {{.*}} (--optimize)
    walk<<<1, 64, 0, cudaStreamFireAndForget>>>(out, 3);
  if (!lane)
    // CHECK: :[[@LINE+1]]:5: remark: launch of 'walk' launches as written: only one thread of its block launches, so aggregation by block would join nothing; it never runs in the launching warp: 'walk' launches itself, and its serial run would recurse {{.*}} (--optimize)
    walk<<<1, 64, 0, cudaStreamFireAndForget>>>(out + 64, 3);
}

__global__ void copyChanged(int *out) {
  int t = threadIdx.x;
  t -= 32;
  out[threadIdx.x] = t;
  if (t == 0)
    // CHECK: :[[@LINE+1]]:5: remark: launch of 'walk' is aggregated by block; it never runs in the launching warp: 'walk' launches itself, {{.*}} (--optimize)
    walk<<<1, 64, 0, cudaStreamFireAndForget>>>(out, 3);
}

/// The last thread, as NVIDIA's quadtree sample tests it, in a template;
/// a value that differs between the block's threads leaves several in.
template <int Threads>
__global__ void lastThread(int *out, int pick, const int *picks) {
  if (threadIdx.x == Threads - 1)
    // CHECK: :[[@LINE+1]]:5: remark: launch of 'walk' launches as written: only one thread of its block launches, so aggregation by block would join nothing; it never runs in the launching warp: 'walk' launches itself, and its serial run would recurse {{.*}} (--optimize)
    walk<<<1, 64, 0, cudaStreamFireAndForget>>>(out, 3);
  if (threadIdx.x == blockDim.x - 1 - pick)
    // CHECK: :[[@LINE+1]]:5: remark: launch of 'walk' launches as written: only one thread of its block launches, so aggregation by block would join nothing; it never runs in the launching warp: 'walk' launches itself, and its serial run would recurse {{.*}} (--optimize)
    walk<<<1, 64, 0, cudaStreamFireAndForget>>>(out, 3);
  if (threadIdx.x == picks[threadIdx.x])
    // CHECK: :[[@LINE+1]]:5: remark: launch of 'walk' is aggregated by block; it never runs in the launching warp: 'walk' launches itself, {{.*}} (--optimize)
    walk<<<1, 64, 0, cudaStreamFireAndForget>>>(out, 3);
}
template __global__ void lastThread<128>(int *, int, const int *);
