// Asks only whether __CUDA_ARCH__ is defined: device code or host code,
// the same answer for every architecture of a device-side parse.
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__host__ __device__ int side() {
#ifdef __CUDA_ARCH__
  return 1;
#else
  return 0;
#endif
}

__global__ void parent(int *p) {
#if defined(__CUDA_ARCH__)
  child<<<side(), 32>>>(p);
#endif
}

#ifndef __CUDA_ARCH__
void hostOnly() {}
#endif
