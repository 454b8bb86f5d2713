#include "arch-in-header.h"
__global__ void small(int *p) { p[threadIdx.x] = 1; }
__global__ void large(int *p) { p[threadIdx.x] = 2; }
__global__ void parent(int *p) {
#if CHILD_FOR_THIS_ARCH
  large<<<1, 32>>>(p);
#else
  small<<<1, 32>>>(p);
#endif
}
