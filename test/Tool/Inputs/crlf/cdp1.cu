__global__ void child(int *p) {}
__global__ void cdp1(int *p) {
  child<<<1, 1>>>(p);
  cudaDeviceSynchronize();
  p[1] = p[0];
}
