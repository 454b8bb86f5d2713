// RUN: %cdp-lower --threshold=256 %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN --allow-empty \
// RUN:       --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --threshold=256 %t.cu | diff -u %t.cu -
// RUN: %strip-checks %t.cu | FileCheck %s
// WARN-NOT: {{.}}
//
// A child with `__syncthreads();` statements in its body, shared memory,
// or both, runs serially phase by phase (BarrierPhases.h): `<child>_phase`
// runs one phase of its body for one thread, with its shared variables in
// a `<child>_shared` that the runtime keeps in global memory. A template
// child's copies are templates, and its serial run is called with the
// template arguments written at the launch, after the arguments that every
// lane passes the same. A phase whose every statement is `if (threadIdx.x ==
// 0 ...)` runs only the threads of x index 0 (`phasesAtXZero`).

#include <cdp/launch.cuh>

/// One row's sum, as in an SpMV with long rows.
template <class Value>
__global__ void longRow(const Value *vals, int length,
                        unsigned long long *y) {
  __shared__ unsigned long long partial;
  if (threadIdx.x == 0)
    partial = 0;
  __syncthreads();
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < length)
    atomicAdd(&partial, (unsigned long long)vals[k]);
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(y, partial);
}
// CHECK-LABEL: /// The shared memory of a block of 'longRow' in a serial run (cdp-lower
// CHECK-NEXT: /// --threshold): a slot of global memory.
// CHECK-NEXT: template <class Value>
// CHECK-NEXT: struct longRow_shared {
// CHECK-NEXT:   unsigned long long partial;
// CHECK-NEXT:   /// What each lane of a serial run adds up alone, in the phases that only
// CHECK-NEXT:   /// add to a variable; at the phase's end, the lanes' sums go to the slot
// CHECK-NEXT:   /// as one addition.
// CHECK-NEXT:   struct cdp_lane_sums {
// CHECK-NEXT:     unsigned long long partial = 0;
// CHECK-NEXT:   };
// CHECK-NEXT:   __device__ void cdp_add(const cdp_lane_sums &cdp_sums, unsigned cdp_phase,
// CHECK-NEXT:                           unsigned cdp_lanes) {
// CHECK-NEXT:     if (cdp_phase == 1)
// CHECK-NEXT:       cdp::serial::addOnce(partial, cdp_sums.partial, cdp_lanes);
// CHECK-NEXT:   }
// CHECK-NEXT: };
// CHECK-EMPTY:
// CHECK-NEXT: /// 'longRow' for one thread (cdp-lower --threshold): its body, with
// CHECK-NEXT: /// the indices as parameters, cut at its barriers into phases; runs
// CHECK-NEXT: /// phase cdp_phase.
// CHECK-NEXT: template <class Value>
// CHECK-NEXT: static __device__ void longRow_phase(const uint3 blockIdx, const uint3 threadIdx,
// CHECK-NEXT:     const dim3 gridDim, const dim3 blockDim, const unsigned cdp_phase,
// CHECK-NEXT:     longRow_shared<Value> &cdp_shared, typename longRow_shared<Value>::cdp_lane_sums &cdp_sums, const Value *vals, int length, unsigned long long *y)
// CHECK-NEXT: {
// CHECK-NEXT:   unsigned long long &partial = cdp_shared.partial;
// CHECK-NEXT:   if (cdp_phase == 0) {
// CHECK-NEXT: #line 23
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT:   if (threadIdx.x == 0)
// CHECK-NEXT:     partial = 0;
// CHECK-NEXT:   }
// CHECK-NEXT:   if (cdp_phase == 1) {
// CHECK-NEXT: #line 27
// CHECK-EMPTY:
// CHECK-NEXT:   int k = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT:   if (k < length)
// CHECK-NEXT:     cdp_sums.partial += (unsigned long long)vals[k];
// CHECK-NEXT:   }
// CHECK-NEXT:   if (cdp_phase == 2) {
// CHECK-NEXT: #line 31
// CHECK-EMPTY:
// CHECK-NEXT:   if (threadIdx.x == 0)
// CHECK-NEXT:     atomicAdd(y, partial);
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: /// 'longRow' run by the launching warp, for each thread of a small grid, block
// CHECK-NEXT: /// by block, phase by phase.
// CHECK-NEXT: template <unsigned long long cdp_same = 0, class Value, class cdp_grid_type, class cdp_block_type>
// CHECK-NEXT: static __device__ void longRow_serial(cdp_grid_type cdp_grid, cdp_block_type cdp_block, const Value *vals, int length, unsigned long long *y) {
// CHECK-NEXT:   cdp::serial::byWarpInPhases<longRow_phase<Value>, 3, longRow_shared<Value>, cdp_same, cdp::serial::phasesAtXZero<0, 2>>(cdp_grid, cdp_block, vals, length, y);
// CHECK-NEXT: }

/// A local that a later phase reads is declared again there, as it is
/// computed from the indices alone; the shared tile is a reference.
__global__ void reverse(int *row) {
  __shared__ int tile[64];
  int t = threadIdx.x, base = blockIdx.x * blockDim.x;
  tile[t] = row[base + t];
  __syncthreads();
  row[base + t] = tile[blockDim.x - 1 - t];
}
// CHECK-LABEL: static __device__ void reverse_phase(
// CHECK: int (&tile)[64] = cdp_shared.tile;
// CHECK-NEXT: if (cdp_phase == 0) {
// CHECK: if (cdp_phase == 1) {
// CHECK-NEXT: int t = threadIdx.x, base = blockIdx.x * blockDim.x;
// CHECK-NEXT: #line
// CHECK: byWarpInPhases<reverse_phase, 2, reverse_shared, cdp_same>(

/// Shared memory and no barrier: one phase.
__global__ void scratch(int *out) {
  __shared__ float mine[32];
  mine[threadIdx.x] = threadIdx.x * 0.5f;
  out[threadIdx.x] = int(mine[threadIdx.x] * 4);
}
// CHECK-LABEL: struct scratch_shared {
// CHECK-NEXT: float mine[32];
// CHECK: byWarpInPhases<scratch_phase, 1, scratch_shared, cdp_same>(

/// A template without barriers: its body for one thread is a template too.
template <class T, int Scale> __global__ void scaled(T *out) {
  out[threadIdx.x] = T(threadIdx.x * Scale);
}
// CHECK-LABEL: /// 'scaled' for one thread
// CHECK: template <class T, int Scale>
// CHECK-NEXT: static __device__ void scaled_thread(
// CHECK: template <unsigned long long cdp_same = 0, class T, int Scale, class cdp_grid_type, class cdp_block_type>
// CHECK-NEXT: static __device__ void scaled_serial(
// CHECK-NEXT: cdp::serial::byWarp<scaled_thread<T, Scale>, cdp_same>(cdp_grid, cdp_block, out);

__global__ void parent(const int *vals, const float *weights, int rows,
                       unsigned long long *y, int *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  // Deduced, with arguments the same in every lane.
  longRow<<<(r + 127) / 128, 128, 0, cudaStreamFireAndForget>>>(vals, r,
                                                                &y[r]);
  // CHECK: longRow_serial<cdp::serial::sameArguments<0>>((r + 127) / 128, 128, vals, r, &y[r]); else
  // Written, with the last the same (a parameter of the parent).
  longRow<float><<<1, 64, 0, cudaStreamFireAndForget>>>(weights + r, r, y);
  // CHECK: longRow_serial<cdp::serial::sameArguments<2>, float>(1, 64, weights + r, r, y); else
  // Written, with two the same.
  longRow<float><<<1, 64, 0, cudaStreamFireAndForget>>>(weights, r, y);
  // CHECK: longRow_serial<cdp::serial::sameArguments<0, 2>, float>(1, 64, weights, r, y); else
  reverse<<<2, 64, 0, cudaStreamFireAndForget>>>(out + r * 128);
  scratch<<<1, 32, 0, cudaStreamFireAndForget>>>(out);
  scaled<int, 3><<<1, 32, 0, cudaStreamFireAndForget>>>(out + r);
  // CHECK: scaled_serial<0, int, 3>(1, 32, out + r); else
}
