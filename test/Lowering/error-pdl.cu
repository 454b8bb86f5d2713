// RUN: not %cdp-lower %s -o %t.cu 2>&1 | FileCheck %s
// RUN: not test -e %t.cu
// RUN: not %cdp-lower %s -o %t.nested.cu -- -DNESTED 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NESTED
// RUN: not test -e %t.nested.cu
//
// Marked launches that cannot become a block of statements.

#include <cdp/pdl.cuh>

__global__ void secondary(int *p) {
  cudaGridDependencySynchronize();
  p[0] = 1;
}

#define LAUNCH_SECONDARY(s, p)                                                 \
  secondary<<<1, 1, 0, cdp::pdl::streamSerialization(s)>>>(p)

#ifndef NESTED
void launch(int *p, cudaStream_t s, bool again) {
  // CHECK: error-pdl.cu:[[@LINE+1]]:16: error: cannot lower the programmatic dependent launch of 'secondary': it must be a statement of its own, since it becomes a block that fills a cudaLaunchConfig_t
  (void)again, secondary<<<1, 1, 0, cdp::pdl::streamSerialization(s)>>>(p);
  // CHECK: error-pdl.cu:[[@LINE+1]]:3: error: cannot lower the programmatic dependent launch of 'secondary': it must be written in the main file, outside macros
  LAUNCH_SECONDARY(s, p);
}
#else
// The block replaces the whole statement, arguments included: a device-side
// launch in a lambda argument cannot be rewritten inside it as well.
__global__ void child(int *p) {}
struct Task {
  int *p;
  template <class F> __host__ __device__ Task(int *p, F) : p(p) {}
};
__global__ void runTask(Task task) { cudaGridDependencySynchronize(); }
void launchWithNestedLaunch(int *p, cudaStream_t s) {
  runTask<<<1, 1, 0, cdp::pdl::streamSerialization(s)>>>(Task(p, [p] __device__ () {
    // NESTED: error-pdl.cu:[[@LINE+2]]:5: error: cannot lower this code: it lies inside text that the lowering of an enclosing launch replaces whole (a device-side launch in the arguments of a programmatic dependent launch)
    // NESTED: note: move it out of those arguments
    child<<<1, 1>>>(p);
  }));
}
#endif
