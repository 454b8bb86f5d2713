// RUN: rm -rf %t && mkdir %t
// RUN: %cdp-lower %s -o %t/lowered.cu
// RUN: %nvcc-rdc -Werror all-warnings -c %t/lowered.cu -o %t/lowered.o
// RUN: %cdp-lower --emit=explicit %s -o %t/explicit.cu
// RUN: %strip-checks %t/explicit.cu | FileCheck --check-prefix=EXPLICIT %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t/explicit.cu -o %t/explicit.o
// RUN: %cdp-lower --aggregate=block %s -o %t/block.cu 2>/dev/null
// RUN: %nvcc-rdc -Werror all-warnings -c %t/block.cu -o %t/block.o
// RUN: %cdp-lower --aggregate=warp %s -o %t/warp.cu
// RUN: %nvcc-rdc -Werror all-warnings -c %t/warp.cu -o %t/warp.o
// RUN: %cdp-lower --threshold=4096 %s -o %t/threshold.cu
// RUN: %strip-checks %t/threshold.cu | FileCheck --check-prefix=THRESHOLD %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t/threshold.cu -o %t/threshold.o
// RUN: %cdp-lower --coarsen=4 %s -o %t/coarsen.cu
// RUN: %nvcc-rdc -Werror all-warnings -c %t/coarsen.cu -o %t/coarsen.o
// RUN: %cdp-lower --optimize --runtime-checks %s -o %t/optimize.cu
// RUN: %nvcc-rdc -Werror all-warnings -c %t/optimize.cu -o %t/optimize.o
// RUN: %cdp-lower %s -o %t/cxx11.cu -- -std=c++11
// RUN: %nvcc -rdc=true -arch=sm_90 -std=c++11 -I%cdp-runtime -Werror all-warnings -c %t/cxx11.cu -o %t/cxx11.o
//
// One child with a parameter of each kind that a device-side launch may
// pass (nvcc refuses a type with a user-provided copy constructor, such
// as half2, and so does the tool), launched from a kernel and from a
// __device__ function template, in every form of output, each compiled
// with every warning an error. Each of three forms once failed here: the
// explicit form assigned through a pointer to const for `const int n`,
// and serial runs took the address of a `__restrict__` pointer and of a
// `volatile int` for memcpy, which nvcc refuses.

#include <cstdint>
#include <cuda_fp16.h>

enum class Mode : unsigned char { A, B };
struct alignas(32) Wide {
  double v[4];
};
struct Small {
  char c;
  short s;
};
typedef float (*Fn)(float);
__device__ float twice(float x) { return 2 * x; }

__global__ void child(int *__restrict__ out, const int n, volatile int v,
                      bool flag, char c, unsigned char u, half h, float4 f4,
                      double2 d2, Wide w, Small s, long long ll, size_t sz,
                      Mode m, cudaTextureObject_t tex,
                      const float *const __restrict__ in, uint8_t byte,
                      Fn fn) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = v + flag + c + u + (int)__half2float(h) + (int)f4.w +
             (int)d2.y + (int)w.v[3] + s.c + s.s + (int)ll + (int)sz +
             (int)m + (int)tex + (int)in[0] + byte + (int)fn(1.f);
}

template <class T>
__device__ void launcher(T *out, int n, const float *in,
                         cudaTextureObject_t tex) {
  child<<<(n + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(
      out + threadIdx.x * n, n, 3, true, 'a', 200, __float2half(1.f),
      make_float4(1, 2, 3, 4), make_double2(1, 2), Wide{{1, 2, 3, 4}},
      Small{1, 2}, 5ll, sizeof(int), Mode::B, tex, in, uint8_t(7), twice);
}

// EXPLICIT-LABEL: parent(int *out, const int n
// THRESHOLD-LABEL: parent(int *out, const int n
__global__ void parent(int *out, const int n, const float *__restrict__ in,
                       cudaTextureObject_t tex) {
  // EXPLICIT: *reinterpret_cast<int *>(cdp_params + 8) = cdp_arg1;
  // EXPLICIT: *reinterpret_cast<int *>(cdp_params + 12) = cdp_arg2;
  // THRESHOLD: if (cdp::serial::fewerThreads(
  child<<<(n + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(
      out + threadIdx.x * n, n, 3, true, 'a', 200, __float2half(1.f),
      make_float4(1, 2, 3, 4), make_double2(1, 2), Wide{{1, 2, 3, 4}},
      Small{1, 2}, 5ll, sizeof(int), Mode::B, tex, in, uint8_t(7), twice);
  launcher(out, n, in, tex);
}
