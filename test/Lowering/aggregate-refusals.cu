// RUN: %cdp-lower --aggregate=block %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTION --implicit-check-not=warning:
// RUN: %nvcc-rdc --extended-lambda -c %t.cu -o %t.o
// RUN: not %cdp-lower %s -o %t.marked.cu -- -DMARKED 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MARKED --implicit-check-not=error:
// RUN: not test -e %t.marked.cu
//
// Launches that aggregation would change the meaning of. Under the option
// each is only lowered, with a warning that says why; marked, each is an
// error and nothing is written.

#include <cdp/aggregate.cuh>

#ifdef MARKED
#define STREAM(s) cdp::aggregate::block(s)
#else
#define STREAM(s) s
#endif

__device__ unsigned blockNumber() { return blockIdx.x; }

__global__ void usesHelper(int *out) { out[blockNumber()] = 1; }

__global__ void child(int *out) { out[blockIdx.x] = 1; }

__device__ void launchFromHelper(int *out) {
  // OPTION: :[[@LINE+2]]:3: warning: launch of 'child' is not aggregated by block, only lowered: it is not in the body of a kernel (but in a __device__ function or a lambda), and a block's or a grid's aggregated launch is made when its threads leave the kernel; aggregate it by warp
  // MARKED: :[[@LINE+1]]:3: error: cannot aggregate this launch of 'child' by block: it is not in the body of a kernel (but in a __device__ function or a lambda), and a block's or a grid's aggregated launch is made when its threads leave the kernel; aggregate it by warp
  child<<<1, 32, 0, STREAM(cudaStreamFireAndForget)>>>(out);
}

__global__ void parent(int *out) {
  // OPTION: :[[@LINE+2]]:3: warning: launch of 'child' is not aggregated by block, only lowered: its stream is not cudaStreamFireAndForget (nor one the launching thread made for this launch alone): launches into one stream run one after another, and aggregated they would run at the same time
  // OPTION: :[[@LINE+1]]:3: note: if the child grids do not rely on that order, say so with --aggregate-unordered=child (or in .cdp-lower), or mark the stream with cdp::aggregate::warp(), block() or grid()
  child<<<1, 32>>>(out);
  // OPTION: :[[@LINE+2]]:3: warning: launch of 'usesHelper' is not aggregated by block, only lowered: 'usesHelper' calls 'blockNumber', which reads blockIdx or gridDim (or uses cooperative groups); in an aggregated grid only the body of 'usesHelper' sees the values of its own launch
  // MARKED: :[[@LINE+1]]:3: error: cannot aggregate this launch of 'usesHelper' by block: 'usesHelper' calls 'blockNumber', which reads blockIdx or gridDim (or uses cooperative groups); in an aggregated grid only the body of 'usesHelper' sees the values of its own launch
  usesHelper<<<1, 32, 0, STREAM(cudaStreamFireAndForget)>>>(out);
  // OPTION: :20:21: note: 'blockNumber' declared here
  // MARKED: :20:21: note: 'blockNumber' declared here
  launchFromHelper(out);
}

__global__ void checksErrors(int *out) {
  // OPTION: :[[@LINE+2]]:3: warning: launch of 'child' is not aggregated by block, only lowered: 'checksErrors' reads launch errors, and an aggregated launch is made by another thread, whose errors cudaGetLastError() here would not report
  // MARKED: :[[@LINE+1]]:3: error: cannot aggregate this launch of 'child' by block: 'checksErrors' reads launch errors, and an aggregated launch is made by another thread, whose errors cudaGetLastError() here would not report
  child<<<1, 32, 0, STREAM(cudaStreamFireAndForget)>>>(out);
  // OPTION: :[[@LINE+2]]:10: note: launch errors read here
  // MARKED: :[[@LINE+1]]:10: note: launch errors read here
  *out = cudaGetLastError();
}

// MARKED: cdp-lower: error: '{{.*}}aggregate-refusals.cu' was not lowered; it is left unchanged
