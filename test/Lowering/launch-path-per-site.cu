// RUN: %cdp-lower --coarsen=2 --runtime-checks %s -o %t.cu
// RUN: %strip-checks %t.cu | FileCheck %s --check-prefix=OUT
// A device-debug build calls out of line every function that is not
// forced inline, so its PTX shows which of the launch path's functions
// the runtime leaves to the inliner:
// RUN: %nvcc-rdc -G -ptx %t.cu -o %t.debug.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.debug.ptx
// RUN: %nvcc-rdc -ptx %t.cu -o %t.release.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.release.ptx
// RUN: %nvcc-rdc -c %t.cu -o %t.o
//
// The runtime turn (cdp/launch.cuh, RuntimeTurn) tells the groups of a
// warp apart by the stamp of the lanes that reach a call into the device
// runtime together. That holds only where each launch site has its own
// copy of the call: lanes of two sites that meet in one shared function
// are reconverged there and go into the runtime on one stamp (the hang of
// the aggregation's launchAlone, limits.md). A coarsened launch and a
// checked one go through functions that every site of one child shares
// (cdp::coarse::launch, the checked launch's launch()), so they are forced
// inline with the rest of the path, in every build. Before, a release
// build inlined them by nvcc's choice, and a -G build called them.

__global__ void child(int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(out, i);
}

__global__ void parent(int *out, const int *counts) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int n = counts[t];
  if (t % 2 == 0)
    child<<<(n + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(out, n);
  else
    child<<<(n + 63) / 64, 64, 0, cudaStreamFireAndForget>>>(out + 1, n);
}

// OUT: cdp::coarse::launch<2>(CDP_LAUNCH_SITE(
// OUT: cdp::coarse::launch<2>(CDP_LAUNCH_SITE(

// No function of the path that takes the turn is out of line (the calls
// into the device runtime it makes in the turn are lambdas, _ZZ..., which
// -G keeps out of line: only lanes that hold the turn reach them):
// PTX-NOT: {{\.(weak |visible )?func.* _ZN[^(]*(RuntimeTurn|obtainBuffer|launchBuffer|6launch)}}
