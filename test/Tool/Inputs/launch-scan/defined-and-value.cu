// Asks whether __CUDA_ARCH__ is defined, then reads its value: a parse
// per architecture.
__global__ void child(int *p) { p[threadIdx.x] = 1; }
__global__ void parent(int *p) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  child<<<1, 32>>>(p);
#endif
}
