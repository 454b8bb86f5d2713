// Child kernels in forms the transforms copy: a template with default
// arguments that name a namespace constant and the template's own
// parameter (written out at the launch as their values), extern
// __shared__ memory, a goto, a static __device__ local, cooperative
// groups' tiles, a kernel in an anonymous namespace, one declared before
// its definition with __restrict__ and const parameters, and __constant__
// memory. Each of 32 parent threads launches each child once into the
// fire-and-forget stream; the host prints a hash of every slot.
// programs.txt lowers it plain, aggregated by warp and by block, under
// --threshold and coarsened; every build must print what nvcc's build of
// this file prints.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__constant__ int bias[4] = {1, 2, 3, 4};
__global__ void fwd(int *__restrict__ p, const int v);
namespace work {
using namespace cg;
template <int N> __global__ void tile(int *p, [[maybe_unused]] int unused = 0) {
  __shared__ int s[N];
  s[threadIdx.x % N] = threadIdx.x;
  __syncthreads();
  if constexpr (N > 2) p[threadIdx.x] += s[(threadIdx.x + 1) % N] + bias[threadIdx.x % 4];
  else p[threadIdx.x] += 1;
}
__global__ void dyn(int *p, int n) {
  extern __shared__ int buf[];
  buf[threadIdx.x] = n;
  __syncthreads();
  p[threadIdx.x] += buf[(threadIdx.x + 1) % blockDim.x];
}
__global__ void jumpy(int *p, int n) {
  int i = threadIdx.x;
  if (i >= n) goto done;
  p[i] += 5;
done:
  return;
}
__global__ void counted(int *p) {
  static __device__ int calls;
  atomicAdd(&calls, 1);
  p[threadIdx.x] += 1;
}
__global__ void tiled(int *p) {
  auto b = this_thread_block();
  auto t4 = tiled_partition<4>(b);
  p[b.thread_rank()] += t4.shfl(int(b.thread_rank()), 0);
}
constexpr int kBase = 11;
template <int N> __global__ void based(int *p, int b = kBase, int w = N) { p[threadIdx.x] += b * 100 + w; }
} // namespace work
namespace { __global__ void hidden(int *p, int v) { p[blockIdx.x * blockDim.x + threadIdx.x] += v; } }
__global__ void parent(int *p) {
  int t = threadIdx.x;
  int *mine = p + 64 * t;
  fwd<<<1, 4, 0, cudaStreamFireAndForget>>>(mine, t);
  work::tile<8><<<1, 8, 0, cudaStreamFireAndForget>>>(mine + 4);
  work::tile<2><<<1, 2, 0, cudaStreamFireAndForget>>>(mine + 12, 7);
  work::dyn<<<1, 8, 8 * sizeof(int), cudaStreamFireAndForget>>>(mine + 16, t);
  work::jumpy<<<1, 8, 0, cudaStreamFireAndForget>>>(mine + 24, t % 8);
  work::counted<<<1, 4, 0, cudaStreamFireAndForget>>>(mine + 32);
  work::tiled<<<1, 8, 0, cudaStreamFireAndForget>>>(mine + 36);
  hidden<<<2, 4, 0, cudaStreamFireAndForget>>>(mine + 44, t);
  work::based<3><<<1, 4, 0, cudaStreamFireAndForget>>>(mine + 52);
}
__global__ void fwd(int *__restrict__ p, const int v) { p[threadIdx.x] += v; }
int main() {
  int *p; cudaMallocManaged(&p, 64 * 32 * sizeof(int)); cudaMemset(p, 0, 64 * 32 * sizeof(int));
  parent<<<1, 32>>>(p);
  cudaError_t e = cudaDeviceSynchronize();
  long h = 0; for (int i = 0; i < 64 * 32; ++i) h = h * 31 + p[i];
  printf("%s %ld\n", cudaGetErrorString(e), h);
}
