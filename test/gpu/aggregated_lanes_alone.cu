// Warp aggregation's lone launches, made by lanes that came apart.
//
// The parent of the program fuzzer's seed 8922 (test/fuzz/program_fuzz.py
// --aggregate --threshold --coarsen --optimize), as the generator wrote it,
// with the other parents taken out. Under --optimize its 1,024 threads
// serial-run some launches (one of a child with barriers, whose run splits
// its warps further), aggregate others by block and, in a device function
// and a class template's member that four launch sites call, by warp.
// Lanes that reach a warp-aggregated site alone launch alone, through a
// function that every site of the kernel shares; lanes from different
// sites reconverged in it, took one runtime turn and went into
// cudaGetParameterBufferV2 together, and stayed there: with the turn of
// the lanes here, this build hung on an H200 in 4 of 6 runs (the whole
// seed in 10 of 15; cuda-gdb: lanes 0 and 2 of a warp inside, lane 1
// waiting). The aggregation runtime's calls now take the turn for their
// lane alone (cdp/launch.cuh, TurnFor::ThisLane). Lowered with --optimize
// --aggregate-unordered=all, as the fuzzer lowers it (programs.txt).
#include <cdp/aggregate.cuh>
#include <cstdio>
#include <cuda_runtime.h>

#include "fuzz_prelude.cuh"

__global__ void child0(unsigned long long *out, int slot, fz::HostBuilt p0, const int & p1, short p2, long long p3) {
  unsigned long long h = 1469598103934665603ull;
  h = fold(h, p0.value);
  h = fold(fold(h, p1), &p1 - fz::refInts);
  h = fold(h, p2);
  h = fold(h, p3);
  out[slot] = h;
}
namespace fz {
namespace kids {
__global__ void child1(unsigned long long *out, int slot, fz::Mode p0, const fz::Pair & p1, fz::Pair p2, long long p3, const int & p4, const fz::Pair & p5) {
  unsigned long long h = 1469598103934665603ull;
  h = fold(h, p0);
  h = fold(fold(fold(h, p1.a), p1.b), &p1 - fz::refPairs);
  h = fold(fold(h, p2.a), p2.b);
  h = fold(h, p3);
  h = fold(fold(h, p4), &p4 - fz::refInts);
  h = fold(fold(fold(h, p5.a), p5.b), &p5 - fz::refPairs);
  out[slot] = h;
}
} // namespace kids
} // namespace fz
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
  child0<<<1, 1, 0, cudaStreamTailLaunch>>>(out, slot, fz::HostBuilt(int(int(x) + 4)), fz::refInts[((int(x) + 2) & 7)], (short)(int(x) + 1), (long long)(int(x) + 0) * 1000003ll);
}
template <class X> struct Launcher {
  static __device__ void from(unsigned long long *out, const int *table, X x, int slot) {
    child0<<<1, 1, 0, cudaStreamTailLaunch>>>(out, slot, fz::HostBuilt(int(int(x) + 1)), fz::refInts[((int(x) + 8) & 7)], (short)(int(x) + 8), (long long)(int(x) + 6) * 1000003ll);
  }
};
__global__ void parent(unsigned long long *out, const int *table) {
  int t = threadIdx.x;
  {
    int fz = t;
    (void)fz;
    ::fz::kids::child1<<<1, 1, 0, 0>>>(out, 0 + t, ((t + 69) % 2 ? ::fz::Mode::On : ::fz::Mode::Off), ::fz::refPairs[((t + 78) & 7)], ::fz::Pair{int(t + 42), double(t + 42) * 0.25}, (long long)(t + 70) * 1000003ll, ::fz::refInts[((t + 65) & 7)], ::fz::refPairs[((t + 8) & 7)]);
  }
  fz::kids::child1<<<1, 1, 0, cudaStreamTailLaunch>>>(out, 1024 + t, ((t + 33) % 2 ? fz::Mode::On : fz::Mode::Off), fz::refPairs[((t + 61) & 7)], fz::Pair{int(t + 86), double(t + 86) * 0.25}, (long long)(t + 56) * 1000003ll, fz::refInts[((t + 59) & 7)], fz::refPairs[((t + 72) & 7)]);
  fz::kids::child1<<<1, 1>>>(out, 2048 + t, ((t + 84) % 2 ? fz::Mode::On : fz::Mode::Off), fz::refPairs[((t + 83) & 7)], fz::Pair{int(t + 69), double(t + 69) * 0.25}, (long long)(t + 73) * 1000003ll, fz::refInts[((t + 59) & 7)], fz::refPairs[((t + 15) & 7)]);
  auto go3072 = [&](int t) { fz::kids::child1<<<1, 1, 0, cudaStreamTailLaunch>>>(out, 3072 + t, ((t + 37) % 2 ? fz::Mode::On : fz::Mode::Off), fz::refPairs[((t + 42) & 7)], fz::Pair{int(t + 37), double(t + 37) * 0.25}, (long long)(t + 25) * 1000003ll, fz::refInts[((t + 63) & 7)], fz::refPairs[((t + 70) & 7)]); };
  go3072(t);
  if (t % 2 == 1)
    fz::kids::child1<<<1, 1, 0, 0>>>(out, 4096 + t, ((t + 55) % 2 ? fz::Mode::On : fz::Mode::Off), fz::refPairs[((t + 9) & 7)], fz::Pair{int(t + 77), double(t + 77) * 0.25}, (long long)(t + 30) * 1000003ll, fz::refInts[((t + 88) & 7)], fz::refPairs[((t + 49) & 7)]);
  else
    fz::kids::child1<<<1, 1, 0, 0>>>(out, 4096 + t, ((t + 55 + 1) % 2 ? fz::Mode::On : fz::Mode::Off), fz::refPairs[((t + 9 + 1) & 7)], fz::Pair{int(t + 77 + 1), double(t + 77 + 1) * 0.25}, (long long)(t + 30 + 1) * 1000003ll, fz::refInts[((t + 88 + 1) & 7)], fz::refPairs[((t + 49 + 1) & 7)]);
  phased<<<1, 20, 0, cudaStreamFireAndForget>>>(out, 5120 + t, t + 14);
  fz::kids::child1<<<1, 1, 0, cdp::aggregate::warp(cudaStreamFireAndForget)>>>(out, 6144 + t, ((t + 87) % 2 ? fz::Mode::On : fz::Mode::Off), fz::refPairs[((t + 67) & 7)], fz::Pair{int(t + 18), double(t + 18) * 0.25}, (long long)(t + 68) * 1000003ll, fz::refInts[((t + 38) & 7)], fz::refPairs[((t + 31) & 7)]);
  launchFrom(out, table, t, 7168 + t);
  launchFrom(out, table, float(t) + 0.5f, 8192 + t);
  Launcher<int>::from(out, table, t, 9216 + t);
  Launcher<float>::from(out, table, float(t) + 0.5f, 10240 + t);
}
int main() {
  const int slots = 11264;
  unsigned long long *out;
  int *table;
  cudaMalloc(&out, slots * sizeof(unsigned long long));
  cudaMemset(out, 0, slots * sizeof(unsigned long long));
  int host[8] = {3, 1, 4, 1, 5, 9, 2, 6};
  cudaMalloc(&table, sizeof host);
  cudaMemcpy(table, host, sizeof host, cudaMemcpyHostToDevice);
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 2 * slots + 4096);
  // Not a constant: --optimize chooses for this parent as for any.
  int parentBlock = 1024;
  parent<<<1, parentBlock>>>(out, table);
  cudaError_t e = cudaDeviceSynchronize();
  static unsigned long long result[slots];
  cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost);
  std::printf("%s\n", cudaGetErrorString(e));
  for (int i = 0; i < slots; ++i)
    std::printf("%d %llx\n", i, result[i]);
  return e != cudaSuccess;
}
