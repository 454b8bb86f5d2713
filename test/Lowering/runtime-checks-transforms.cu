// RUN: %cdp-lower --runtime-checks --aggregate=block %s -o %t.block.cu
// RUN: %strip-checks %t.block.cu | FileCheck --check-prefix=BLOCK %s
// RUN: %nvcc-rdc -c %t.block.cu -o %t.block.o
// RUN: %cdp-lower --runtime-checks --aggregate=warp %s -o %t.warp.cu
// RUN: %strip-checks %t.warp.cu | FileCheck --check-prefix=WARP %s
// RUN: %nvcc-rdc -c %t.warp.cu -o %t.warp.o
// RUN: %cdp-lower --runtime-checks --aggregate=block %t.block.cu | diff -u %t.block.cu -
// RUN: %cdp-lower --runtime-checks --coarsen=4 %s -o %t.coarse.cu
// RUN: %strip-checks %t.coarse.cu | FileCheck --check-prefix=COARSE %s
// RUN: %nvcc-rdc -c %t.coarse.cu -o %t.coarse.o
//
// Under --runtime-checks an aggregated or coarsened launch names its site,
// as a lowered one does: on the GPU, a launch whose pointer arguments its
// child may not use (local or __shared__ memory, known only there) is
// reported once per site and skipped, an aggregated one before it is
// recorded (test/gpu/checked_aggregation.cu runs it). Without the checks
// the call has no site. (A serial run of --threshold launches nothing: the
// launching thread runs the child's work, in memory that is its own.)
// RUN: %cdp-lower --aggregate=block %s -o - | %strip-checks | FileCheck --check-prefix=UNCHECKED %s

__global__ void child(int *p, int v) { p[threadIdx.x] = v; }

__device__ __noinline__ int *choose(int *a, int *b, int which) {
  return which ? a : b;
}

__global__ void parent(int *global, int which) {
  __shared__ int shared[32];
  child<<<1, 32, 0, cudaStreamFireAndForget>>>(choose(shared, global, which), 1);
  // BLOCK: cdp_child_block_launches.launch(CDP_LAUNCH_SITE("runtime-checks-transforms.cu", [[@LINE-1]], "child"), {1, 32, 0, cudaStreamFireAndForget}, choose(shared, global, which), 1);
  // WARP: cdp::aggregated::byWarp(CDP_LAUNCH_SITE("runtime-checks-transforms.cu", [[@LINE-2]], "child"), child_aggregated, {1, 32, 0, cudaStreamFireAndForget}, choose(shared, global, which), 1);
  // COARSE: cdp::coarse::launch<4>(CDP_LAUNCH_SITE("runtime-checks-transforms.cu", [[@LINE-3]], "child"), child_coarsened, {1, 32, 0, cudaStreamFireAndForget}, choose(shared, global, which), 1);
  // UNCHECKED: cdp_child_block_launches.launch({1, 32, 0, cudaStreamFireAndForget}, choose(shared, global, which), 1);
}
