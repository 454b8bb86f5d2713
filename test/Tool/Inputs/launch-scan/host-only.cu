// Kernels launched from the host only: nothing for cdp-lower. The call
// below does not compile; nvcc reports it, the scan does not parse it.
#include "sizes.h"
__global__ void fill(int *p) { p[threadIdx.x] = kFill; }
void run(int *p) {
  cudaMemset(p, 0, kBytes);
  undeclaredHelper(p);
}
