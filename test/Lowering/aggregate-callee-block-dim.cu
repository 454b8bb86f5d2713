// RUN: %cdp-lower --aggregate=warp %s -o %t.warp.cu 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.warp.cu | FileCheck %s --check-prefix=WARP
// RUN: %nvcc-rdc -c %t.warp.cu -o %t.warp.o
// RUN: %cdp-lower --aggregate=warp %t.warp.cu | diff -u %t.warp.cu -
// RUN: %cdp-lower --aggregate=block %s -o %t.block.cu 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.block.cu | FileCheck %s --check-prefix=BLOCK
// RUN: %nvcc-rdc -c %t.block.cu -o %t.block.o
// RUN: %cdp-lower --aggregate=block %t.block.cu | diff -u %t.block.cu -
// RUN: %cdp-lower --coarsen=2 %s -o %t.coarse.cu 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: grep -v '^ *//' %t.coarse.cu | FileCheck %s --check-prefix=COARSE
// RUN: %nvcc-rdc -c %t.coarse.cu -o %t.coarse.o
// RUN: %cdp-lower --threshold=64 %s -o %t.thresh.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=THRESH --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.thresh.cu -o %t.thresh.o
//
// A child that calls a function reading blockDim (and threadIdx, which no
// transform maps). Its aggregated copy takes batches of launches of one
// block shape, SyncedBatch, so the blocks it runs have the shape of the
// launch each stands for and the built-in blockDim is that launch's, in the
// function too; launches of other shapes are made apart (test/gpu's
// callee_block_dim.cu runs them). A coarsened grid keeps the block shape.
// A run in the launching thread would see that thread's blockDim: refused.

__device__ unsigned threadsPerBlock() { return blockDim.x * blockDim.y; }

__global__ void fill(int *out, unsigned base) {
  const unsigned Thread = threadIdx.y * blockDim.x + threadIdx.x;
  out[base + blockIdx.x * threadsPerBlock() + Thread] = threadsPerBlock();
}

// WARP: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS fill_aggregated(cdp::aggregated::SyncedBatch<int *, unsigned int> cdp_batch) {
// BLOCK: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS fill_aggregated(cdp::aggregated::SyncedBatch<int *, unsigned int> cdp_batch) {
// COARSE: static __global__ void CDP_RUNTIME_LAUNCH_BOUNDS fill_coarsened(const dim3 cdp_grid, int *out, unsigned int base) {

__global__ void parent(int *out) {
  const unsigned Width = 1 + threadIdx.x % 4;
  // THRESH: :[[@LINE+4]]:3: warning: launch of 'fill' always launches a grid under --threshold, even a small one: 'fill' calls 'threadsPerBlock', which reads blockDim; in the launching thread it would see that thread's
  // WARP: cdp::aggregated::byWarp(fill_aggregated, {2, dim3(Width, 2), 0, cudaStreamFireAndForget}, out, threadIdx.x * 16);
  // BLOCK: cdp_fill_block_launches.launch({2, dim3(Width, 2), 0, cudaStreamFireAndForget}, out, threadIdx.x * 16);
  // COARSE: cdp::coarse::launch<2>(fill_coarsened, {2, dim3(Width, 2), 0, cudaStreamFireAndForget}, out, threadIdx.x * 16);
  fill<<<2, dim3(Width, 2), 0, cudaStreamFireAndForget>>>(out, threadIdx.x * 16);
  // THRESH: :27:21: note: 'threadsPerBlock' declared here
}
