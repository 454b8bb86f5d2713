namespace work {
__global__ void child(int *out) { out[blockIdx.x * 32 + threadIdx.x] = 1; }
__global__ void other(int *out) { out[threadIdx.x] += 1; }
} // namespace work

__global__ void parent(int *out) {
  work::child<<<2, 32>>>(out + 64 * threadIdx.x);
  work::other<<<1, 32, 0, 0>>>(out);
}

namespace work {
__global__ void outer(int *out);
} // namespace work

// Defined out of its namespace: its launch bounds go before `work::`.
__global__ void work::outer(int *out) { work::child<<<1, 32>>>(out); }
