// CDP1 kernels in a .cu of their own, which the wrapper includes, as the
// IPDPS 2016 graph codes are laid out (NPSLab's show-me-dynamic-parallelism).
__global__ void relax(int *dist, int vertex) { dist[vertex * 32 + threadIdx.x] += 1; }

__global__ void expand(int *dist, int *done) {
  relax<<<1, 32>>>(dist, threadIdx.x);
  cudaDeviceSynchronize();
  done[threadIdx.x] = dist[threadIdx.x * 32];
}
