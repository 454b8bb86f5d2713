#include "sizes.h"
__global__ void child(int *p) { p[threadIdx.x] = kFill; }
__global__ void parent(int *p) { child<<<1, 32>>>(p); }
