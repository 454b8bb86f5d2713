// RUN: %nvcc-rdc -c %s -o %t.original.o
// RUN: %cdp-lower %s -o %t.cu
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %strip-checks %t.cu | FileCheck %s
//
// Idioms of nvcc's front end that clang refuses, which the tool's parse
// accepts as nvcc does: `register` in C++17 (-Wno-register), the host
// min/max of nvcc's headers (nvcc-compat.h, force-included into the
// parse only), thrust's device-side algorithms in a CDP build (nvcc's
// __CUDACC_RDC__, and no NVTX ranges in the parse), `%globaltimer` in
// inline assembly, a variable-length array in host code, a narrowing
// braced initializer (a warning to nvcc, #2361-D; -Wno-c++11-narrowing),
// and the cache-hinted loads and stores clang's headers lack (__stcs,
// __ldlu: nvcc-compat.h declares them).

#include <thrust/execution_policy.h>
#include <thrust/sort.h>

__global__ void child(int *p, unsigned long long t) {}

__global__ void parent(int *p, int n) {
  register int twice = n * 2;
  thrust::sort(thrust::device, p, p + twice);
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  child<<<1, 1>>>(p, t);
  // CHECK: using cdp_launch_child = cdp::DeviceLaunch<void(int *, unsigned long long)>;
  // CHECK: cdp_launch_child(child, {1, 1}).arg<0>(p).arg<8>(t).launch();
}

// jakubzimny's CUDA-dynamic-Mandelbrot sizes its grids so.
__global__ void tiles(int *p, int w, int h) {
  dim3 grid = {w / 16, h / 16};
  child<<<grid, 16>>>(p, 0);
  // CHECK: cdp_launch_child(child, {grid, 16}).arg<0>(p).arg<8>(0).launch();
}

// A streaming copy, as the AI performance book's HBM3e kernel writes it;
// its child reads what a launch hands on with a cache hint.
__global__ void stream(const float4 *from, float4 *to, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    __stcs(&to[i], __ldlu(&from[i]));
  __stcg(reinterpret_cast<unsigned *>(to), __ldca(reinterpret_cast<const unsigned *>(from)));
}

__global__ void copier(const float4 *from, float4 *to, int n) {
  stream<<<(n + 255) / 256, 256>>>(from, to, n);
  // CHECK: cdp_launch_stream(stream, {(n + 255) / 256, 256})
}

int host(int n) {
  float larger = max(1.0f, 2.0f);
  unsigned smaller = min(3u, 4u);
  int scratch[n];
  scratch[0] = (int)larger + (int)smaller;
  return scratch[0];
}
