// Unguarded PDL wait: ptxas rejects it for sm_80, accepts it for sm_90.
__global__ void waits(float *out) {
  cudaGridDependencySynchronize();
  out[0] = 1.0f;
}
