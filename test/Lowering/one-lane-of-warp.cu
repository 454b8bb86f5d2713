// RUN: %cdp-lower %s -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower %s -o %t.cpp11.cu -- -std=c++11
// RUN: %nvcc-rdc -std=c++11 -c %t.cpp11.cu -o %t.cpp11.o
// RUN: %cdp-lower --optimize --optimize-remarks %s -o %t.optimized.cu 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %nvcc-rdc -c %t.optimized.cu -o %t.optimized.o
//
// A launch that one lane of each warp makes (`if (lane_id == 0)`, NVIDIA's
// advanced quicksort sample), in a kernel that calls the device runtime
// nowhere else, meets no other lane of its warp inside the runtime either:
// it is opened with cdp::oneLaneOfWarp and, in a one-dimensional block,
// takes no runtime turn (lib/Aggregation/SoleRuntimeCall.h). It is not one
// thread's launch in its block: --optimize still aggregates it by block.

__global__ void child(int *p) { p[threadIdx.x] = 1; }
__global__ void looping(int *p, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    p[i] = 1;
}

// The quicksort's shape: the lane index through a copy, a stream made and
// launched into in the lane's branch.
// CHECK-LABEL: void lastWarp(
__global__ void lastWarp(int *p, unsigned *arrived, unsigned total) {
  unsigned int lane_id = threadIdx.x & (warpSize - 1);
  if (lane_id == 0) {
    if (atomicAdd(arrived, 1u) + 1 == total) {
      cudaStream_t s;
      cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
      child<<<1, 32, 0, s>>>(p);
      // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneLaneOfWarp, child, {1, 32, 0, s})
      cudaStreamDestroy(s);
    }
  }
}

// The lane index written in place, by remainder, and an early return of
// the other lanes; --optimize aggregates the lanes' launches by block.
// CHECK-LABEL: void everyWarp(
__global__ void everyWarp(int *p) {
  if (threadIdx.x % 32 == 0)
    child<<<1, 32>>>(p + threadIdx.x);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneLaneOfWarp, child, {1, 32})
}
// CHECK-LABEL: void othersReturn(
__global__ void othersReturn(int *p, int n) {
  if ((threadIdx.x & 31) != 0)
    return;
  looping<<<1, 32, 0, cudaStreamFireAndForget>>>(p, n);
  // CHECK: cdp::DeviceLaunch<void(int *, int)>(cdp::oneLaneOfWarp, looping, {1, 32, 0, cudaStreamFireAndForget})
  // REMARK: one-lane-of-warp.cu:[[@LINE-2]]:3: remark: launch of 'looping' is aggregated by block
}

// A guard on x alone in a kernel that reads threadIdx.y: one thread of its
// block in a one-dimensional block, where the runtime skips the turn (in
// blocks of rows it takes it).
// CHECK-LABEL: void firstOfRow(
__global__ void firstOfRow(int *p) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(p + 32 * threadIdx.y);
  // CHECK: cdp::DeviceLaunch<void(int *)>(cdp::oneLaneOfWarp, child, {1, 32})
}

// Not so: two lanes of each warp, and a lane's launch beside an error read
// by every thread.
// CHECK-LABEL: void halfWarps(
__global__ void halfWarps(int *p) {
  if (threadIdx.x % 16 == 0)
    child<<<1, 32>>>(p + threadIdx.x);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
}
// CHECK-LABEL: void everyThreadChecks(
__global__ void everyThreadChecks(int *p) {
  if ((threadIdx.x & (warpSize - 1)) == 0)
    child<<<1, 32>>>(p + threadIdx.x);
  // CHECK: cdp::DeviceLaunch<void(int *)>(child, {1, 32})
  if (cudaGetLastError() != cudaSuccess)
    p[threadIdx.x] = -1;
}
