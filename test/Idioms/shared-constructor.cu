// RUN: %nvcc-rdc -c %s -o %t.original.o
// RUN: %cdp-lower --aggregate=warp %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=WARN --implicit-check-not="{{[0-9]}}: error:"
// RUN: %strip-checks %t.cu | FileCheck %s --check-prefix=LOWERED
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: not %nvcc-rdc -DWRITTEN -c %s -o %t.written.o
// RUN: not %cdp-lower --extra-arg=-DWRITTEN %s -o %t.written.cu 2>&1 | FileCheck %s --check-prefix=WRITTEN
// RUN: not test -e %t.written.cu
//
// A __shared__ variable of a class with a constructor, as the guides
// declare a block's barrier: nvcc builds it, warning that it does not run
// the constructor (#20054-D); clang refuses it and drops the variable.
// cdp-lower lowers past it (lib/CudaAST/NvccAcceptedErrors.h), and leaves
// the launches lowered only: its parse lacks the variable. An initializer
// written is an error to nvcc too, and stays one.

#include <cuda/barrier>

struct Tally {
  int Count;
  __device__ Tally() : Count(0) {}
};

__global__ void child(int *out, int value) { out[threadIdx.x] = value; }

__global__ void parent(int *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> ready;
  // WARN: shared-constructor.cu:[[@LINE-1]]:54: warning: initialization is not supported for __shared__ variables
  // WARN: shared-constructor.cu:[[@LINE-2]]:54: note: nvcc accepts a __shared__ variable of a class with a constructor, warns that it does not run the constructor (#20054-D), and builds it; cdp-lower lowers past this error and keeps the code as written, but does not transform the file's launches, since clang's parse of the device code lacks the variable
  __shared__ Tally tallies[2][4], last;
  // WARN: shared-constructor.cu:[[@LINE-1]]:20: warning: initialization is not supported for __shared__ variables
  // WARN: shared-constructor.cu:[[@LINE-2]]:35: warning: initialization is not supported for __shared__ variables
  if (threadIdx.x == 0) {
    init(&ready, blockDim.x);
    last.Count = 1;
  }
  ready.arrive_and_wait();
  child<<<1, 32, 0, cudaStreamFireAndForget>>>(out + 32 * threadIdx.x,
                                                 last.Count);
  // LOWERED: cdp::DeviceLaunch{{.*}}(child, {1, 32, 0, cudaStreamFireAndForget})
  // LOWERED-NOT: aggregated
}

#ifdef WRITTEN
__global__ void initialized(int *out) {
  __shared__ int first = 1;
  // WRITTEN: shared-constructor.cu:[[@LINE-1]]:18: error: initialization is not supported for __shared__ variables
  out[threadIdx.x] = first;
}
#endif
