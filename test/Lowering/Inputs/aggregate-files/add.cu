// One file of a program of three: its fire-and-forget children are
// aggregated (cdp-lower --aggregate=warp).
__global__ void addOnce(unsigned long long *Sum, int Value) {
  atomicAdd(Sum, static_cast<unsigned long long>(Value));
}

__global__ void addAll(unsigned long long *Sum, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    addOnce<<<1, 1, 0, cudaStreamFireAndForget>>>(Sum, I);
}

void runAdd(unsigned long long *Sum, int N) {
  addAll<<<(N + 255) / 256, 256>>>(Sum, N);
}
