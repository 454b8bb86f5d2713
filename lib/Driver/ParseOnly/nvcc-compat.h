//===- nvcc-compat.h - What nvcc's headers give and clang's lack ----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-lower force-includes this header into its own clang parses, never into
// the lowered output (nvcc compiles that with its own headers). It declares
// what CUDA code may use because nvcc's headers provide it, and clang's CUDA
// headers do not, so that such a file parses as nvcc parses it.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_NVCC_COMPAT_H
#define CDP_NVCC_COMPAT_H

#if defined(__clang__) && defined(__CUDA__)

// nvcc defines its version (13.0.88: __CUDACC_VER_MAJOR__ 13,
// __CUDACC_VER_MINOR__ 0, __CUDACC_VER_BUILD__ 88) in every CUDA file;
// clang does not. Code that tests it (`#if __CUDACC_VER_MAJOR__ >= 12`)
// then read it as 0 and the parse took the other branch from nvcc's: MUDA
// chooses its device-side stream model so, and the parse saw its CDP1
// launches where nvcc builds the CDP2 ones. The toolkit's CUDA_VERSION,
// which clang's CUDA wrapper has included by now, is nvcc's major and
// minor version; the build number is in neither, and is 0 here.
#if !defined(__CUDACC_VER_MAJOR__) && defined(CUDA_VERSION)
#define __CUDACC_VER_MAJOR__ (CUDA_VERSION / 1000)
#define __CUDACC_VER_MINOR__ (CUDA_VERSION % 1000 / 10)
#define __CUDACC_VER_BUILD__ 0
#endif

#if defined(__cplusplus) && __cplusplus >= 201103L
// nvcc's host compiler, g++ unless -ccbin says otherwise, declares
// nullptr_t in the global namespace too (GCC's <stddef.h>), and code
// writes it unqualified (MUDA's Stream); clang's <stddef.h> declares
// std::nullptr_t only. Declaring it again, as the same type, is allowed.
typedef decltype(nullptr) nullptr_t;
#endif

// nvcc's crt/common_functions.h includes <time.h> (with <string.h> and
// <stdlib.h>, which clang's CUDA wrapper includes too) into every CUDA
// file, and programs call time() and clock() with no #include of their
// own: `srand(time(NULL))`. clang's wrapper skips that header.
#include <time.h>

// nvcc's crt/math_functions.h gives min and max for every pair of these
// types to host and device code; clang's headers give them to device code
// only, so `max(1.0f, x)` in a host function did not parse.
#define CDP_HOST_MIN_MAX(R, A, B)                                              \
  static inline __host__ R min(const A a, const B b) { return a < b ? a : b; } \
  static inline __host__ R max(const A a, const B b) { return a > b ? a : b; }
CDP_HOST_MIN_MAX(int, int, int)
CDP_HOST_MIN_MAX(unsigned int, unsigned int, unsigned int)
CDP_HOST_MIN_MAX(unsigned int, int, unsigned int)
CDP_HOST_MIN_MAX(unsigned int, unsigned int, int)
CDP_HOST_MIN_MAX(long int, long int, long int)
CDP_HOST_MIN_MAX(unsigned long int, unsigned long int, unsigned long int)
CDP_HOST_MIN_MAX(unsigned long int, long int, unsigned long int)
CDP_HOST_MIN_MAX(unsigned long int, unsigned long int, long int)
CDP_HOST_MIN_MAX(long long int, long long int, long long int)
CDP_HOST_MIN_MAX(unsigned long long int, unsigned long long int,
                 unsigned long long int)
CDP_HOST_MIN_MAX(unsigned long long int, long long int, unsigned long long int)
CDP_HOST_MIN_MAX(unsigned long long int, unsigned long long int, long long int)
CDP_HOST_MIN_MAX(float, float, float)
CDP_HOST_MIN_MAX(double, double, double)
CDP_HOST_MIN_MAX(double, float, double)
CDP_HOST_MIN_MAX(double, double, float)
#undef CDP_HOST_MIN_MAX

// nvcc reads __managed__ as a variable of device memory that the host
// reaches too: `__managed__ int n;` is a __device__ variable. clang knows
// the attribute for HIP only and, in CUDA, drops it with a warning, so the
// variable was a host one and every device function that used it failed to
// parse. The parse reads it as nvcc's front end does, a __device__ variable
// (the lowered output keeps the __managed__ that was written).
#undef __managed__
#define __managed__ __attribute__((device))

// nvcc's sm_32_intrinsics.h gives the cache-hinted loads and stores for
// every scalar and vector type; clang's __clang_cuda_intrinsics.h gives
// __ldcg, __ldcs, __ldcv and __stwt only, so a kernel that stores with
// __stcs (a streaming copy, the AI performance book's HBM3e bandwidth
// kernel) did not parse. Declared for the parse, with clang's own set of
// types; nvcc's headers define them for the build.
#define CDP_CACHE_HINTED(T)                                                    \
  __device__ T __ldca(const T *ptr);                                           \
  __device__ T __ldlu(const T *ptr);                                           \
  __device__ void __stwb(T *ptr, T value);                                     \
  __device__ void __stcg(T *ptr, T value);                                     \
  __device__ void __stcs(T *ptr, T value);
CDP_CACHE_HINTED(char)
CDP_CACHE_HINTED(signed char)
CDP_CACHE_HINTED(short)
CDP_CACHE_HINTED(int)
CDP_CACHE_HINTED(long)
CDP_CACHE_HINTED(long long)
CDP_CACHE_HINTED(unsigned char)
CDP_CACHE_HINTED(unsigned short)
CDP_CACHE_HINTED(unsigned int)
CDP_CACHE_HINTED(unsigned long)
CDP_CACHE_HINTED(unsigned long long)
CDP_CACHE_HINTED(float)
CDP_CACHE_HINTED(double)
CDP_CACHE_HINTED(char2)
CDP_CACHE_HINTED(char4)
CDP_CACHE_HINTED(short2)
CDP_CACHE_HINTED(short4)
CDP_CACHE_HINTED(int2)
CDP_CACHE_HINTED(int4)
CDP_CACHE_HINTED(longlong2)
CDP_CACHE_HINTED(uchar2)
CDP_CACHE_HINTED(uchar4)
CDP_CACHE_HINTED(ushort2)
CDP_CACHE_HINTED(ushort4)
CDP_CACHE_HINTED(uint2)
CDP_CACHE_HINTED(uint4)
CDP_CACHE_HINTED(ulonglong2)
CDP_CACHE_HINTED(float2)
CDP_CACHE_HINTED(float4)
CDP_CACHE_HINTED(double2)
#undef CDP_CACHE_HINTED

#endif // __clang__ && __CUDA__

#endif // CDP_NVCC_COMPAT_H
