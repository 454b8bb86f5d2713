__global__ void child(int *p) { *p = 1; }

__global__ void parent(int *global) {
  int local = 0;
  child<<<1, 1>>>(&local);
  child<<<1, 1>>>(global);
  cudaDeviceSynchronize();
}
