// RUN: %cdp-lower --threshold=256 %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN --allow-empty \
// RUN:       --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --threshold=256 %t.cu | diff -u %t.cu -
// RUN: %strip-checks %t.cu | FileCheck %s
// WARN-NOT: {{.}}
//
// A serial run keeps a child's shared variables in global memory, where
// each `atomicAdd(&total, x);` is an atomic to global memory. In a phase
// that only adds to a shared int, unsigned or unsigned long long (nothing
// reads or writes it otherwise, nothing reads what the addition returns),
// each lane adds up its threads' parts in `cdp_sums` and adds its total
// once at the phase's end (`cdp_add`, LaneSums.h). An int's sum is kept
// unsigned, so that it wraps as the atomics do; a value of another type
// converts as in the call.

#include <cdp/launch.cuh>

/// Two sums in one phase, one of them an int, one of a value that converts.
__global__ void counts(const int *values, int *sum, unsigned *odd) {
  __shared__ int total;
  __shared__ unsigned odds;
  if (threadIdx.x == 0)
    total = odds = 0;
  __syncthreads();
  int v = values[blockIdx.x * blockDim.x + threadIdx.x];
  atomicAdd(&total, v);
  if (v % 2)
    atomicAdd(&odds, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(sum, total);
    atomicAdd(odd, odds);
  }
}
// CHECK-LABEL: struct counts_shared {
// CHECK-NEXT:   int total;
// CHECK-NEXT:   unsigned int odds;
// CHECK-NEXT:   /// What each lane of a serial run adds up alone, in the phases that only
// CHECK-NEXT:   /// add to a variable; at the phase's end, the lanes' sums go to the slot
// CHECK-NEXT:   /// as one addition.
// CHECK-NEXT:   struct cdp_lane_sums {
// CHECK-NEXT:     unsigned total = 0;
// CHECK-NEXT:     unsigned int odds = 0;
// CHECK-NEXT:   };
// CHECK-NEXT:   __device__ void cdp_add(const cdp_lane_sums &cdp_sums, unsigned cdp_phase,
// CHECK-NEXT:                           unsigned cdp_lanes) {
// CHECK-NEXT:     if (cdp_phase == 1) {
// CHECK-NEXT:       cdp::serial::addOnce(total, cdp_sums.total, cdp_lanes);
// CHECK-NEXT:       cdp::serial::addOnce(odds, cdp_sums.odds, cdp_lanes);
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: };
// CHECK:      static __device__ void counts_phase(const uint3 blockIdx, const uint3 threadIdx,
// CHECK-NEXT:     const dim3 gridDim, const dim3 blockDim, const unsigned cdp_phase,
// CHECK-NEXT:     counts_shared &cdp_shared, typename counts_shared::cdp_lane_sums &cdp_sums, const int *values, int *sum, unsigned int *odd)
// CHECK:        int v = values[blockIdx.x * blockDim.x + threadIdx.x];
// CHECK-NEXT:   cdp_sums.total += v;
// CHECK-NEXT:   if (v % 2)
// CHECK-NEXT:     cdp_sums.odds += (unsigned int)(1);
// CHECK-NEXT:   }
// CHECK-NEXT:   if (cdp_phase == 2) {
// CHECK:          atomicAdd(sum, total);
// CHECK-NEXT:     atomicAdd(odd, odds);

/// Shared variables whose additions must stay atomics: one read in the
/// phase that adds to it, one whose sum is read, one that a pointer kept
/// from an earlier phase reaches, one of floats, one added to in a
/// lambda, one added to in a macro.
#define ADD_ONE(counter) atomicAdd(&counter, 1u)
__global__ void kept(const float *values, unsigned *out) {
  __shared__ unsigned seen, before, viaPointer, inLambda, inMacro;
  __shared__ unsigned *stash;
  __shared__ float real;
  if (threadIdx.x == 0)
    seen = before = viaPointer = inLambda = inMacro = 0, real = 0,
    stash = &viaPointer;
  __syncthreads();
  atomicAdd(&seen, 1u);
  if (seen > 1000)
    out[1] = 1;
  out[2 + atomicAdd(&before, 1u)] = 1;
  atomicAdd(&viaPointer, 2u);
  atomicAdd(stash, 1u);
  atomicAdd(&real, values[threadIdx.x]);
  [&] { atomicAdd(&inLambda, 1u); }();
  ADD_ONE(inMacro);
  __syncthreads();
  if (threadIdx.x == 0)
    out[0] = seen + before + viaPointer + inLambda + inMacro + unsigned(real);
}
// CHECK-LABEL: struct kept_shared {
// CHECK-NEXT:   unsigned int seen;
// CHECK-NEXT:   unsigned int before;
// CHECK-NEXT:   unsigned int viaPointer;
// CHECK-NEXT:   unsigned int inLambda;
// CHECK-NEXT:   unsigned int inMacro;
// CHECK-NEXT:   unsigned int *stash;
// CHECK-NEXT:   float real;
// CHECK-NEXT: };
// CHECK:      static __device__ void kept_phase(const uint3 blockIdx, const uint3 threadIdx,
// CHECK-NEXT:     const dim3 gridDim, const dim3 blockDim, const unsigned cdp_phase,
// CHECK-NEXT:     kept_shared &cdp_shared, const float *values, unsigned int *out)
// CHECK:        atomicAdd(&seen, 1u);
// CHECK-NEXT:   if (seen > 1000)
// CHECK-NEXT:     out[1] = 1;
// CHECK-NEXT:   out[2 + atomicAdd(&before, 1u)] = 1;
// CHECK-NEXT:   atomicAdd(&viaPointer, 2u);
// CHECK-NEXT:   atomicAdd(stash, 1u);
// CHECK-NEXT:   atomicAdd(&real, values[threadIdx.x]);
// CHECK-NEXT:   [&] { atomicAdd(&inLambda, 1u); }();
// CHECK-NEXT:   ADD_ONE(inMacro);

/// A template: a sum of a type that its parameter spells stays an atomic
/// (another instance may add floats); one of a type it does not is added
/// up in the lane, its value converted as in the call.
template <class T>
__global__ void scaled(const T *values, T *sum, unsigned long long *count) {
  __shared__ T total;
  __shared__ unsigned long long n;
  if (threadIdx.x == 0)
    total = 0, n = 0;
  __syncthreads();
  atomicAdd(&total, values[threadIdx.x]);
  atomicAdd(&n, values[threadIdx.x] > 0);
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(sum, total);
    atomicAdd(count, n);
  }
}
// CHECK-LABEL: struct scaled_shared {
// CHECK-NEXT:   T total;
// CHECK-NEXT:   unsigned long long n;
// CHECK-NEXT:   /// What each lane of a serial run adds up alone, in the phases that only
// CHECK-NEXT:   /// add to a variable; at the phase's end, the lanes' sums go to the slot
// CHECK-NEXT:   /// as one addition.
// CHECK-NEXT:   struct cdp_lane_sums {
// CHECK-NEXT:     unsigned long long n = 0;
// CHECK-NEXT:   };
// CHECK:        atomicAdd(&total, values[threadIdx.x]);
// CHECK-NEXT:   cdp_sums.n += (unsigned long long)(values[threadIdx.x] > 0);

__global__ void parent(const int *ints, const float *floats, int *sum,
                       unsigned *out, unsigned long long *count) {
  counts<<<1, 128, 0, cudaStreamFireAndForget>>>(ints, sum, out);
  kept<<<1, 64, 0, cudaStreamFireAndForget>>>(floats, out);
  scaled<<<1, 32, 0, cudaStreamFireAndForget>>>(ints, sum, count);
}
