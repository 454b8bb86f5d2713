// RUN: %cdp-lower %s -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --optimize --optimize-remarks %s -o %t.optimized.cu 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %strip-checks %t.optimized.cu | FileCheck --check-prefix=OPTIMIZE %s
// RUN: %nvcc-rdc -c %t.optimized.cu -o %t.optimized.o
//
// Many CDP parents send every thread but one home first:
//
//   if (threadIdx.x != 0) return;
//   child<<<...>>>(...);
//
// What follows such an exit in its block, one thread of the block runs
// alone, as it runs the branch of `if (threadIdx.x == 0)`: its launches
// are opened with cdp::oneThreadOfBlock where the kernel calls the device
// runtime nowhere else (one-thread-of-block.cu has the branches), and
// --optimize does not aggregate them by block.

__global__ void child(int *p) { p[threadIdx.x] = 1; }
__global__ void looping(int *p, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    p[i] = 1;
}

// CHECK-LABEL: void exitFirst(
// OPTIMIZE-LABEL: void exitFirst(
__global__ void exitFirst(int *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x] = 0;
  if (threadIdx.x != 0)
    return;
  child<<<1, 32, 0, cudaStreamTailLaunch>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32, 0, cudaStreamTailLaunch})
  // OPTIMIZE: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32, 0, cudaStreamTailLaunch})
}

// The grid's first thread launches in a loop, and reads its errors: it
// is still alone in its warp.
// CHECK-LABEL: void gridsFirst(
__global__ void gridsFirst(int *p, int n) {
  if (threadIdx.x != 0 || blockIdx.x != 0) {
    return;
  }
  for (int i = 0; i < n; ++i) {
    child<<<1, 32, 0, cudaStreamFireAndForget>>>(p + 32 * i);
    // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32, 0, cudaStreamFireAndForget})
    if (cudaGetLastError() != cudaSuccess)
      p[0] = -1;
  }
}

// The exit's test written otherwise: the index alone, greater than 0,
// negated; the x index through a copy.
// CHECK-LABEL: void indexAlone(
__global__ void indexAlone(int *p) {
  if (threadIdx.x)
    return;
  child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32})
}
// CHECK-LABEL: void greaterThanZero(
__global__ void greaterThanZero(int *p) {
  if (threadIdx.x > 0)
    return;
  child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32})
}
// CHECK-LABEL: void negated(
__global__ void negated(int *p) {
  if (!(threadIdx.x == blockDim.x - 1))
    return;
  child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32})
}
// CHECK-LABEL: void gridIndexAlone(
__global__ void gridIndexAlone(int *p) {
  const unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid)
    return;
  child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32})
}
// CHECK-LABEL: void throughCopy(
__global__ void throughCopy(int *p) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid != 0)
    return;
  child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32})
}

// An exit inside a branch leaves one thread in what follows it there;
// an exit on x and a branch on y together leave one in a 2D block.
// CHECK-LABEL: void exitInBranch(
__global__ void exitInBranch(int *p) {
  if (threadIdx.y == 0) {
    if (threadIdx.x != 0)
      return;
    if (blockIdx.x % 2 == 0)
      child<<<1, 32>>>(p);
    // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneThreadOfBlock, child, {1, 32})
  }
}

// Not so: the device runtime called before the exit, by every thread.
// CHECK-LABEL: void callsBeforeExit(
// OPTIMIZE-LABEL: void callsBeforeExit(
__global__ void callsBeforeExit(int *p, int n) {
  if (cudaGetLastError() != cudaSuccess)
    p[threadIdx.x] = -1;
  if (threadIdx.x != 0)
    return;
  looping<<<1, 32, 0, cudaStreamFireAndForget>>>(p, n);
  // CHECK: cdp::DeviceLaunch<void(int *, int)>(looping, {1, 32, 0, cudaStreamFireAndForget})
  // Still one thread's launch, which --optimize does not aggregate.
  // REMARK: one-thread-after-early-return.cu:[[@LINE-3]]:3: remark: launch of 'looping' launches as written: only one thread of its block launches, so aggregation by block would join nothing
  // OPTIMIZE: cdp::DeviceLaunch<void(int *, int)>(looping, {1, 32, 0, cudaStreamFireAndForget})
}

// Not so: a jump past the exit, which any thread may take.
// CHECK-LABEL: void jumpsPastExit(
__global__ void jumpsPastExit(int *p) {
  if (p[threadIdx.x] < 0)
    goto launch;
  if (threadIdx.x != 0)
    return;
launch:
  child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
}

// An exit that leaves one lane of each warp, or a row of a 2D block: the
// launch is alone in its warp (one-lane-of-warp.cu), not in its block,
// and --optimize aggregates it by block.
// CHECK-LABEL: void lanePerWarp(
// OPTIMIZE-LABEL: lanePerWarp(
__global__ void lanePerWarp(int *p, int n) {
  if (threadIdx.x % 32 != 0)
    return;
  looping<<<1, 32, 0, cudaStreamFireAndForget>>>(p, n);
  // CHECK: cdp::DeviceLaunch<void(int *, int)>(cdp::oneLaneOfWarp, looping, {1, 32, 0, cudaStreamFireAndForget})
  // REMARK: one-thread-after-early-return.cu:[[@LINE-2]]:3: remark: launch of 'looping' is aggregated by block
  // OPTIMIZE: cdp_looping_block_launches.launch({1, 32, 0, cudaStreamFireAndForget}, p, n);
}
// CHECK-LABEL: void rowOfBlock(
__global__ void rowOfBlock(int *p) {
  if (threadIdx.x != 0)
    return;
  child<<<1, 32>>>(p + threadIdx.y);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneLaneOfWarp, child, {1, 32})
}

// Not so: an exit that has an else.
// CHECK-LABEL: void exitWithElse(
__global__ void exitWithElse(int *p) {
  if (threadIdx.x != 0)
    return;
  else
    p[0] = 1;
  child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
}

// Not so: the launch before the exit, which every thread makes.
// CHECK-LABEL: void exitAfter(
__global__ void exitAfter(int *p) {
  child<<<1, 32>>>(p);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
  if (threadIdx.x != 0)
    return;
  p[0] = 2;
}
