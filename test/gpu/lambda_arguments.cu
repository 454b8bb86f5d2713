// Kernel templates called with lambdas and an object of an unnamed class:
// the lowering keeps those arguments as their own types and names the
// kernel last (cdp::deducedLaunch). Each of 64 parent threads launches
// three children, one with a lambda written in the launch after an
// argument that changes a variable the lambda captures, so that a lambda evaluated out of order
// captures another value; a template parent and a generic lambda launch
// kernel templates deduced from types the template does not spell.
// programs.txt lowers it plain, under --threshold
// (small grids run in the launching warp) and by warp (which leaves these
// launches to the lowering). The host prints a hash of every slot.
#include <cstdio>

template <class F> __global__ void apply(int *out, F f) {
  out[threadIdx.x] = f(threadIdx.x);
}
template <class T> struct Box {
  T value;
  int scale;
};
template <class T> __global__ void applyBoxed(int *out, Box<T> box) {
  out[threadIdx.x] = box.value(threadIdx.x) * box.scale;
}

/// Sets `v` and returns 0: a call, whose order among the arguments nvcc
/// and the lowering both take from left to right.
__device__ int setTo(int &v, int value) {
  v = value;
  return 0;
}

__global__ void parent(int *out) {
  const int t = threadIdx.x;
  int *mine = out + 256 * t;
  auto times = [t](int i) { return i * (t + 1); };
  apply<<<1, 32, 0, cudaStreamFireAndForget>>>(mine, times);
  int seen = 0;
  apply<<<1, 32, 0, cudaStreamFireAndForget>>>(
      mine + 32 + setTo(seen, t + 7),
      [seen, t](int i) { return seen * 1000 + i + t; });
  struct {
    int k;
    __device__ int operator()(int i) const { return i - k; }
  } minus{t};
  apply<<<2, 32, 0, cudaStreamFireAndForget>>>(mine + 64, minus);
  applyBoxed<<<1, 16, 0, cudaStreamFireAndForget>>>(
      mine + 128, Box<decltype(times)>{times, 3});
}

/// In a template: the kernel's template arguments are deduced from a
/// lambda and from `data + 1`, which the template does not spell.
template <class T> __global__ void templateParent(int *out, T k) {
  const int t = threadIdx.x;
  apply<<<1, 8, 0, cudaStreamFireAndForget>>>(
      out + 8 * t, [k, t](int i) { return int(k) * 100 + i * t; });
}
template <class U> __global__ void bump(U *data) { data[threadIdx.x] += 1; }
template <class T> __device__ void bumpAfter(T *data) {
  bump<<<1, 4, 0, cudaStreamFireAndForget>>>(data + 1);
}
__global__ void deducedParent(int *out) {
  bumpAfter(out + 8 * threadIdx.x);
  // A generic lambda's `auto` parameter.
  auto spawn = [](auto *p) { bump<<<1, 2, 0, cudaStreamFireAndForget>>>(p); };
  spawn(out + 8 * threadIdx.x + 5);
}

int main() {
  const int slots = 64 * 256;
  int *out;
  cudaMalloc(&out, slots * sizeof(int));
  cudaMemset(out, 0, slots * sizeof(int));
  parent<<<1, 64>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  int *more;
  cudaMalloc(&more, 2 * 512 * sizeof(int));
  cudaMemset(more, 0, 2 * 512 * sizeof(int));
  templateParent<<<1, 64>>>(more, 3.5f);
  deducedParent<<<1, 64>>>(more + 512);
  if (e == cudaSuccess)
    e = cudaDeviceSynchronize();
  static int extra[2 * 512];
  cudaMemcpy(extra, more, sizeof extra, cudaMemcpyDeviceToHost);
  static int host[slots];
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  unsigned long long hash = 1469598103934665603ull;
  for (int i = 0; i < slots; ++i)
    hash = (hash ^ (unsigned)host[i]) * 1099511628211ull;
  for (int i = 0; i < 2 * 512; ++i)
    hash = (hash ^ (unsigned)extra[i]) * 1099511628211ull;
  std::printf("%s %llx %d %d %d %d %d\n", cudaGetErrorString(e), hash,
              host[33], host[256 + 64], host[128 + 5], extra[8 * 3 + 2],
              extra[512 + 8 * 2 + 5]);
  return e != cudaSuccess;
}
