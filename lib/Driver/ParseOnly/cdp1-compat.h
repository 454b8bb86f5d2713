//===- cdp1-compat.h - What CDP1 code calls and CUDA 13 dropped -----------===//
//
// Part of cdp-lower, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cdp-lower --migrate-cdp1 force-includes this header into the parse that
// reads a CDP1 program, never into any output: it declares what such a
// program calls and CUDA 13's headers no longer declare, so that the
// program parses and each call can be rewritten. The migrated file calls
// none of it.
//
//===----------------------------------------------------------------------===//
#ifndef CDP_CDP1_COMPAT_H
#define CDP_CDP1_COMPAT_H

#if defined(__clang__) && defined(__CUDA__)

extern "C" {
// CDP1's device-side wait for the children of the block; CDP2 has none.
__device__ cudaError_t cudaDeviceSynchronize(void);
// The cudaThread* host API, removed in CUDA 13 for its cudaDevice* names.
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaThreadExit(void);
__host__ cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value);
__host__ cudaError_t cudaThreadGetLimit(size_t *value, enum cudaLimit limit);
__host__ cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache config);
__host__ cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *config);
}

#endif // __clang__ && __CUDA__

#endif // CDP_CDP1_COMPAT_H
