// RUN: %nvcc-rdc -c %s -o %t.original.o
// RUN: %cdp-lower %s -o %t.cu 2>&1 | FileCheck %s --implicit-check-not="{{[0-9]}}: error:"
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: not %nvcc-rdc -DCALLED -c %s -o %t.called.o
// RUN: not %cdp-lower --extra-arg=-DCALLED %s -o %t.called.cu 2>&1 | FileCheck %s --check-prefix=CALLED
// RUN: not test -e %t.called.cu
//
// nvcc compiles a static or inline __device__ function only where
// something calls it, and checks the side of its calls then; clang checks
// every function. A host call in one that nothing references is lowered
// past (lib/CudaAST/NvccAcceptedErrors.h); called, it is an error to both.

#include <cstdlib>
#include <sys/time.h>
#include <unistd.h>

static __device__ double secondsNow() {
  struct timeval now;
  gettimeofday(&now, 0);
  // CHECK: uncalled-device-function.cu:[[@LINE-1]]:3: warning: no matching function for call to 'gettimeofday'
  // CHECK: note: candidate function not viable: call to __host__ function from __device__ function
  // CHECK: uncalled-device-function.cu:[[@LINE-3]]:3: note: nvcc compiles a static or inline __device__ function only where something calls it, and checks the side of its calls then; nothing references this one, so no code comes of it: cdp-lower lowers past this error and keeps the code as written
  // CALLED: uncalled-device-function.cu:[[@LINE-4]]:3: error: no matching function for call to 'gettimeofday'
  return now.tv_sec + now.tv_usec * 1e-6;
}

inline __device__ bool verbose() { return getenv("VERBOSE") != nullptr; }
// CHECK: uncalled-device-function.cu:[[@LINE-1]]:43: warning: no matching function for call to 'getenv'

namespace {
__device__ int processId() { return getpid(); }
// CHECK: uncalled-device-function.cu:[[@LINE-1]]:37: warning: no matching function for call to 'getpid'
} // namespace

__global__ void child(double *out) { out[threadIdx.x] = threadIdx.x; }

__global__ void parent(double *out) {
  child<<<1, 32>>>(out);
#ifdef CALLED
  out[0] = secondsNow();
#endif
}
