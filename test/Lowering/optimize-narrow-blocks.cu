// RUN: %cdp-lower --optimize --optimize-remarks %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark: \
// RUN:       --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --optimize %t.cu | diff -u %t.cu -
//
// --optimize's thresholds are for a launching warp of 32 lanes, which
// share a serial run. A kernel launched only in smaller blocks has fewer:
// ProteinSimGPU's force_calculation, launched <<<1, 1>>>, ran its six
// children's 1,120 threads in its one lane at the 4,096-thread threshold,
// 6.7 times as slow as nvcc's build. The threshold shrinks with the lanes
// (128 threads a lane), and a kernel whose blocks have one thread
// aggregates nothing by block. A kernel that runs one warp in all, as
// force_calculation does, launches as written: run in its one lane at
// 128 threads, its children still took twice nvcc's time.

__global__ void bonds(const int *pairs, float *forces, int count) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    atomicAdd(&forces[pairs[i]], 1.0f);
}

__global__ void scan(const int *pairs, float *forces, int count) {
  for (int i = threadIdx.x; i < count; i += blockDim.x)
    atomicAdd(&forces[pairs[i]], 1.0f);
}

// One thread in all, launched from the host and from the device: no
// other warp hides a serial run's latency.
__global__ void forces(const int *pairs, float *out, int count) {
  // CHECK: optimize-narrow-blocks.cu:[[@LINE+1]]:3: remark: launch of 'bonds' launches as written: every launch of its kernel runs 1 thread in all, with no other warp to hide a serial run's latency and too few launches to gain from aggregation (--optimize)
  bonds<<<(count + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(pairs, out,
                                                                count);
}
__global__ void step(const int *pairs, float *out, int count) {
  // CHECK: optimize-narrow-blocks.cu:[[@LINE+1]]:3: remark: launch of 'forces' runs in the launching warp below 4096 threads, and launches above (--optimize)
  forces<<<1, 1, 0, cudaStreamFireAndForget>>>(pairs, out, count);
}

// One thread a block, many blocks.
__global__ void perItem(const int *pairs, float *out, int count) {
  // CHECK: optimize-narrow-blocks.cu:[[@LINE+1]]:3: remark: launch of 'bonds' runs in the launching warp below 128 threads (its launching warps have 1 of 32 lanes), and launches above (--optimize)
  bonds<<<(count + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(pairs, out,
                                                                count);
  // Its threads loop: one lane would take them one at a time.
  // CHECK: optimize-narrow-blocks.cu:[[@LINE+1]]:3: remark: launch of 'scan' launches as written: its blocks have one thread, so aggregation by block would join nothing, and a serial run would have one lane (--optimize)
  scan<<<1, 64, 0, cudaStreamFireAndForget>>>(pairs, out, count);
}

// Eight lanes: 1,024 threads.
__global__ void eightLanes(const int *pairs, float *out, int count) {
  // CHECK: optimize-narrow-blocks.cu:[[@LINE+1]]:3: remark: launch of 'bonds' runs in the launching warp below 1024 threads (its launching warps have 8 of 32 lanes), and launches above (--optimize)
  bonds<<<(count + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(pairs, out,
                                                                count);
}

// Launched through a pointer too, with any block: 32 lanes.
__global__ void anyBlock(const int *pairs, float *out, int count) {
  // CHECK: optimize-narrow-blocks.cu:[[@LINE+1]]:3: remark: launch of 'bonds' runs in the launching warp below 4096 threads, and launches above (--optimize)
  bonds<<<(count + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(pairs, out,
                                                                count);
}
// A block that is not a constant: 32 lanes.
__global__ void runtimeBlock(const int *pairs, float *out, int count) {
  // CHECK: optimize-narrow-blocks.cu:[[@LINE+1]]:3: remark: launch of 'bonds' runs in the launching warp below 4096 threads, and launches above (--optimize)
  bonds<<<(count + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(pairs, out,
                                                                count);
}

// Launched in one-thread blocks from the host, and from the device with a
// block that is not a constant: 32 lanes. (A device-side configuration is
// a call whose first two arguments are not the grid and the block.)
__global__ void deviceBlock(const int *pairs, float *out, int count) {
  // CHECK: optimize-narrow-blocks.cu:[[@LINE+1]]:3: remark: launch of 'bonds' runs in the launching warp below 4096 threads, and launches above (--optimize)
  bonds<<<(count + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(pairs, out,
                                                                count);
}
__global__ void deviceLauncher(const int *pairs, float *out, int count) {
  // CHECK: optimize-narrow-blocks.cu:[[@LINE+1]]:3: remark: launch of 'deviceBlock' runs in the launching warp below 4096 threads, and launches above (--optimize)
  deviceBlock<<<1, count, 0, cudaStreamFireAndForget>>>(pairs, out, count);
}

void run(const int *pairs, float *out, int count, int threads) {
  forces<<<1, 1>>>(pairs, out, count);
  step<<<4, 32>>>(pairs, out, count);
  perItem<<<count, 1>>>(pairs, out, count);
  eightLanes<<<count, dim3(2, 4)>>>(pairs, out, count);
  eightLanes<<<count, 4>>>(pairs, out, count);
  anyBlock<<<count, 1>>>(pairs, out, count);
  void (*launched)(const int *, float *, int) = anyBlock;
  launched<<<count, threads>>>(pairs, out, count);
  runtimeBlock<<<count, threads>>>(pairs, out, count);
  deviceBlock<<<count, 1>>>(pairs, out, count);
}

// A kernel template's launches are written once for all its instances:
// its blocks are the largest of theirs, here one thread each.
template <class T>
__global__ void typedForces(const int *pairs, T *out, int count) {
  // CHECK: optimize-narrow-blocks.cu:[[@LINE+1]]:3: remark: launch of 'bonds' launches as written: every launch of its kernel runs 1 thread in all
  bonds<<<(count + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(
      pairs, reinterpret_cast<float *>(out), count);
}
__global__ void typedStep(const int *pairs, float *out, int *counts,
                          int count) {
  // CHECK: optimize-narrow-blocks.cu:[[@LINE+1]]:3: remark: launch of 'typedForces<float>' runs in the launching warp below 4096 threads, and launches above (--optimize)
  typedForces<<<1, 1, 0, cudaStreamFireAndForget>>>(pairs, out, count);
  // CHECK: optimize-narrow-blocks.cu:[[@LINE+1]]:3: remark: launch of 'typedForces<int>' runs in the launching warp below 4096 threads, and launches above (--optimize)
  typedForces<<<1, 1, 0, cudaStreamFireAndForget>>>(pairs, counts, count);
}
