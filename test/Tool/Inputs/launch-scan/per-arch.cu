__global__ void child(int *p) { p[threadIdx.x] = 1; }
__global__ void parent(int *p) {
#if __CUDA_ARCH__ >= 900
  child<<<1, 32>>>(p);
#endif
}
