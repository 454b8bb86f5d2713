// RUN: %cdp-lower --optimize --optimize-remarks %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark: \
// RUN:       --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --optimize %t.cu | diff -u %t.cu -
// RUN: grep -v '^// ' %t.cu | FileCheck %s
//
// A grid whose size is a constant at or above the threshold --optimize
// would set never runs in the launching warp: --optimize sets none, and
// the launch is aggregated as any other. A child run in phases, launched
// by a kernel that launches nothing else, would otherwise launch
// unaggregated above the threshold (SerialRunAtEnd.h): NPSLab's graph
// colouring launched its 64-thread children so, past the device
// runtime's pending-launch limit, and lost them. A constant grid below
// the threshold, or one the threshold cannot tell, keeps it. (A child
// whose threads do not loop launches unaggregated above the threshold
// where its kernel launches nothing else, constant grid or not.)

#define NESTED_BLOCK_SIZE 64

// Its threads loop: the threshold would be 32.
__global__ void neighbours(const int *edges, int start, int end, int *flag) {
  __shared__ int seen;
  if (threadIdx.x == 0)
    seen = 0;
  __syncthreads();
  for (int e = start + threadIdx.x; e < end; e += blockDim.x)
    if (edges[e] < 0)
      atomicAdd(&seen, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    *flag = seen;
}

// REMARK: :[[@LINE+6]]:5: remark: launch of 'neighbours' is aggregated by block (its grid is always 64 threads, never fewer than the 32 below which it would run in the launching warp) (--optimize)
// CHECK-LABEL: void {{.*}}byMacro(
// CHECK: cdp_neighbours_block_launches.launch({1, NESTED_BLOCK_SIZE, 0, cudaStreamFireAndForget},
__global__ void byMacro(const int *edges, const int *start, int *flags) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (start[t + 1] - start[t] >= 64)
    neighbours<<<1, NESTED_BLOCK_SIZE, 0, cudaStreamFireAndForget>>>(
        edges, start[t], start[t + 1], flags + t);
}

// REMARK: :[[@LINE+6]]:5: remark: launch of 'neighbours' is aggregated by block (its grid is always 128 threads, never fewer than the 32 below which it would run in the launching warp) (--optimize)
// CHECK-LABEL: void {{.*}}byDim3(
// CHECK: cdp_neighbours_block_launches.launch({dim3(2, 1), dim3(64), 0, cudaStreamFireAndForget},
__global__ void byDim3(const int *edges, const int *start, int *flags) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (start[t + 1] - start[t] >= 64)
    neighbours<<<dim3(2, 1), dim3(64), 0, cudaStreamFireAndForget>>>(
        edges, start[t], start[t + 1], flags + t);
}

// Below the threshold, or of a size the launch computes: the serial run
// stays.
// REMARK: :[[@LINE+6]]:5: remark: launch of 'neighbours' runs in the launching warp below 32 threads (its threads loop), and launches above (--optimize)
// CHECK-LABEL: void {{.*}}small(
// CHECK: if (cdp::serial::fewerThreads(1, {{16|start\[t \+ 1\] - start\[t\]}}, 32)) neighbours_serial
__global__ void small(const int *edges, const int *start, int *flags) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (start[t + 1] - start[t] >= 64)
    neighbours<<<1, 16, 0, cudaStreamFireAndForget>>>(
        edges, start[t], start[t + 1], flags + t);
}

// REMARK: :[[@LINE+6]]:5: remark: launch of 'neighbours' runs in the launching warp below 32 threads (its threads loop), and launches above (--optimize)
// CHECK-LABEL: void {{.*}}computed(
// CHECK: if (cdp::serial::fewerThreads(1, {{16|start\[t \+ 1\] - start\[t\]}}, 32)) neighbours_serial
__global__ void computed(const int *edges, const int *start, int *flags) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (start[t + 1] - start[t] >= 64)
    neighbours<<<1, start[t + 1] - start[t], 0, cudaStreamFireAndForget>>>(
        edges, start[t], start[t + 1], flags + t);
}

// Its threads do not loop: the threshold would be 4,096.
__global__ void fill(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

// A constant grid of at least that many such threads launches as a grid
// above the threshold does: unaggregated where the kernel launches only
// such children, whose work a launch of their own carries.
// REMARK: :[[@LINE+4]]:3: remark: launch of 'fill' launches as written, as a grid above the threshold would: its threads do not loop, and a launch of its own carries their work (its grid is always 4096 threads, never fewer than the 4096 below which it would run in the launching warp) (--optimize)
// CHECK-LABEL: void {{.*}}largeAlone(
// CHECK: cdp::DeviceLaunch<void(int *)>(fill, {32, 128, 0, cudaStreamFireAndForget})
__global__ void largeAlone(int *out) {
  fill<<<32, 128, 0, cudaStreamFireAndForget>>>(out + 4096 * threadIdx.x);
}

// Beside a looping child, whose aggregation the kernel pays for anyway, it
// is aggregated.
// REMARK: :[[@LINE+5]]:3: remark: launch of 'fill' is aggregated by block (its grid is always 4096 threads, never fewer than the 4096 below which it would run in the launching warp) (--optimize)
// REMARK: :[[@LINE+5]]:3: remark: launch of 'neighbours' is aggregated by block (its grid is always 64 threads, never fewer than the 32 below which it would run in the launching warp) (--optimize)
// CHECK-LABEL: void {{.*}}largeBeside(
// CHECK: cdp_fill_block_launches.launch({32, 128, 0, cudaStreamFireAndForget}
__global__ void largeBeside(int *out, const int *edges, int *flags) {
  fill<<<32, 128, 0, cudaStreamFireAndForget>>>(out + 4096 * threadIdx.x);
  neighbours<<<1, 64, 0, cudaStreamFireAndForget>>>(edges, 0, 64,
                                                   flags + threadIdx.x);
}
