// A serial run beside lanes of its warp inside the device runtime.
//
// The parent of the program fuzzer's seed 8959 (test/fuzz/program_fuzz.py
// --aggregate --threshold --coarsen --optimize), as the generator wrote it,
// with the other parents taken out. Its 1,024 threads tail-launch child0
// from both arms of an if/else on the thread's parity, then launch
// `phased`, a child with barriers, over grids of 36 and 8 threads, which
// --threshold runs in the launching warp phase by phase. The two arms
// split each warp; one lane that got through its launch alone started its
// serial run while the other lanes of its arm were inside
// cudaGetParameterBufferV2, and they stayed there (H200, CUDA 13.0; the
// other arm's lanes waited for the runtime turn): this build hung in 12 of
// 30 runs. A serial run now waits until no lane of its warp is inside the
// device runtime (cdp/launch.cuh, lanesOutOfRuntime): 0 of 30. The parent
// runs eight times here, so that a runtime without the wait hangs in all
// but a run in fifty. Lowered with --threshold=64 --aggregate-unordered=all,
// as the fuzzer lowers it (programs.txt).
#include <cstdio>
#include <cuda_runtime.h>

#include "fuzz_prelude.cuh"

template <class T>
__global__ void child0(unsigned long long *out, int slot, T p0, double p1, fz::inner::Tag p2, fz::NoDefault p3, fz::Bytes p4) {
  unsigned long long h = 1469598103934665603ull;
  h = fold(h, *p0);
  h = fold(h, p1);
  h = fold(h, p2.id);
  h = fold(h, p3.get());
  h = fold(fold(fold(h, p4.v[0]), p4.v[1]), p4.v[2]);
  out[slot] = h;
}
__global__ void child1(unsigned long long *out, int slot, fz::Bytes p0, fz::Pair p1) {
  unsigned long long h = 1469598103934665603ull;
  h = fold(fold(fold(h, p0.v[0]), p0.v[1]), p0.v[2]);
  h = fold(fold(h, p1.a), p1.b);
  out[slot] = h;
}
template <class T>
__global__ void child2(unsigned long long *out, int slot, T p0) {
  unsigned long long h = 1469598103934665603ull;
  h = fold(h, p0);
  out[slot] = h;
}
template <class T>
__global__ void phased(unsigned long long *out, int slot, T salt) {
  __shared__ unsigned long long total;
  __shared__ T mine[64];
  const int i = threadIdx.y * blockDim.x + threadIdx.x;
  if (i == 0)
    total = 0;
  mine[i] = salt + T(i);
  __syncthreads();
  const int next = (i + 1) % int(blockDim.x * blockDim.y);
  atomicAdd(&total, fold(fold(1ull, mine[next]), i));
  __syncthreads();
  if (i == 0)
    atomicAdd(&out[slot], fold(total, blockIdx.x));
}
template <class X>
__device__ void launchFrom(unsigned long long *out, const int *table, X x, int slot) {
  child1<<<1, 1, 0, 0>>>(out, slot, fz::Bytes{{(unsigned char)(int(x) + 6), 2, 3}}, fz::Pair{int(int(x) + 3), double(int(x) + 3) * 0.25});
}
template <class X> struct Launcher {
  static __device__ void from(unsigned long long *out, const int *table, X x, int slot) {
    child2<<<1, 1, 0, cudaStreamFireAndForget>>>(out, slot, X(int(x) + 4));
  }
};
__global__ void parent(unsigned long long *out, const int *table) {
  int t = threadIdx.x;
  if (t % 2 == 0)
    child0<<<1, 1, 0, cudaStreamTailLaunch>>>(out, 0 + t, table + ((t + 81) & 7), double(t + 7) / 3.0, fz::inner::Tag{(long long)(t + 89)}, fz::NoDefault((long long)(t + 74)), fz::Bytes{{(unsigned char)(t + 81), 2, 3}});
  else
    child0<<<1, 1, 0, cudaStreamTailLaunch>>>(out, 0 + t, table + ((t + 81 + 1) & 7), double(t + 7 + 1) / 3.0, fz::inner::Tag{(long long)(t + 89 + 1)}, fz::NoDefault((long long)(t + 74 + 1)), fz::Bytes{{(unsigned char)(t + 81 + 1), 2, 3}});
  phased<<<3, dim3(4, 3), 0, cudaStreamFireAndForget>>>(out, 1024 + t, t + 1);
  phased<<<1, 8, 0, cudaStreamFireAndForget>>>(out, 2048 + t, t + 0);
  for (int i = 0; i < 2; ++i)
    child1<<<1, 1, 0, cudaStreamTailLaunch>>>(out, 3072 + i * 1024 + t, fz::Bytes{{(unsigned char)((t + i) + 22), 2, 3}}, fz::Pair{int((t + i) + 38), double((t + i) + 38) * 0.25});
  phased<<<1, 8, 0, cudaStreamFireAndForget>>>(out, 5120 + t, (long long)(t * 6));
  for (int i = 0; i < 2; ++i)
    child2<<<1, 1, 0, cudaStreamFireAndForget>>>(out, 6144 + i * 1024 + t, int((t + i) + 12));
  launchFrom(out, table, t, 8192 + t);
  launchFrom(out, table, float(t) + 0.5f, 9216 + t);
  Launcher<int>::from(out, table, t, 10240 + t);
  Launcher<float>::from(out, table, float(t) + 0.5f, 11264 + t);
}

int main() {
  const int slots = 12288;
  unsigned long long *out;
  int *table;
  cudaMalloc(&out, slots * sizeof(unsigned long long));
  int host[8] = {3, 1, 4, 1, 5, 9, 2, 6};
  cudaMalloc(&table, sizeof host);
  cudaMemcpy(table, host, sizeof host, cudaMemcpyHostToDevice);
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 2 * slots + 4096);
  // Not a constant: the tool chooses for this parent as for any.
  int parentBlock = 1024;
  cudaError_t e = cudaSuccess;
  for (int run = 0; run < 8 && e == cudaSuccess; ++run) {
    cudaMemset(out, 0, slots * sizeof(unsigned long long));
    parent<<<1, parentBlock>>>(out, table);
    e = cudaDeviceSynchronize();
  }
  static unsigned long long result[slots];
  cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
  std::printf("%s\n", cudaGetErrorString(e));
  for (int i = 0; i < slots; ++i)
    std::printf("%d %llx\n", i, result[i]);
  return e != cudaSuccess;
}
