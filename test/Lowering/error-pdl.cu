// RUN: not %cdp-lower %s -o %t.cu 2>&1 | FileCheck %s
// RUN: not test -e %t.cu
//
// Marked launches that cannot become a block of statements.

#include <cdp/pdl.cuh>

__global__ void secondary(int *p) {
  cudaGridDependencySynchronize();
  p[0] = 1;
}

#define LAUNCH_SECONDARY(s, p)                                                 \
  secondary<<<1, 1, 0, cdp::pdl::streamSerialization(s)>>>(p)

void launch(int *p, cudaStream_t s, bool again) {
  // CHECK: error-pdl.cu:[[@LINE+1]]:16: error: cannot lower the programmatic dependent launch of 'secondary': it must be a statement of its own, since it becomes a block that fills a cudaLaunchConfig_t
  (void)again, secondary<<<1, 1, 0, cdp::pdl::streamSerialization(s)>>>(p);
  // CHECK: error-pdl.cu:[[@LINE+1]]:3: error: cannot lower the programmatic dependent launch of 'secondary': it must be written in the main file, outside macros
  LAUNCH_SECONDARY(s, p);
}
