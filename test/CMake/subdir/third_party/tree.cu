#include <cstdio>

__global__ void node(int *sum, int depth) {
  atomicAdd(sum, 1);
  if (depth > 0)
    node<<<2, 1>>>(sum, depth - 1);
}

int main() {
  int *sum;
  cudaMallocManaged(&sum, sizeof *sum);
  *sum = 0;
  node<<<1, 1>>>(sum, 4);
  cudaDeviceSynchronize();
  std::printf("%d nodes\n", *sum);
  return *sum == 31 ? 0 : 1;
}
