// RUN: %cdp-lower --optimize --optimize-remarks %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark: \
// RUN:       --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --optimize %t.cu | diff -u %t.cu -
// RUN: grep -v '^// ' %t.cu | FileCheck %s
//
// --optimize puts a serial run off to the end of the launching thread
// where the kernel decides between the launch and work of the thread's
// own, so that the warp's other lanes join the run (SerialRunAtEnd.h):
// the launch's branch returns and statements follow, or the if has an
// else. The kernel's body runs as a lambda, whose returns all come back
// to the run. Not where nothing else works (the other lanes would only
// wait), where the launch may be reached twice, beside another launch, in
// a __device__ function or in a template kernel.

template <class Value>
__global__ void longRow(const Value *values, int length,
                        unsigned long long *cell) {
  __shared__ unsigned long long total;
  if (threadIdx.x == 0)
    total = 0;
  __syncthreads();
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < length)
    atomicAdd(&total, (unsigned long long)values[k]);
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(cell, total);
}

__global__ void fill(int *row, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    row[i] = value;
}

/// The long rows launch and return; the short ones loop.
__global__ void rows(const int *offsets, const int *values,
                     unsigned long long *sums, int count) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= count)
    return;
  int first = offsets[r], length = offsets[r + 1] - first;
  if (length > 32) {
    longRow<<<(length + 127) / 128, 128, 0, cudaStreamFireAndForget>>>(
        values + first, length, &sums[r]);
    return;
  }
  unsigned long long sum = 0;
  for (int k = 0; k < length; ++k)
    sum += values[first + k];
  sums[r] = sum;
}
// REMARK: optimize-at-thread-end.cu:[[@LINE-9]]:5: remark: launch of 'longRow<int>' runs in the launching warp below 4096 threads, at the end of the launching thread, where its warp's other lanes join it, and launches above (--optimize)
// CHECK-LABEL: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS rows(const int *offsets, const int *values,
// CHECK-NEXT:                       unsigned long long *sums, int count) {
// CHECK-NEXT:   // Serial runs of 'longRow<int>': at this thread's end, where the whole
// CHECK-NEXT:   // warp shares them, not only the lanes that launch (cdp-lower --optimize).
// CHECK-NEXT:   cdp::serial::Later<void(const int *, int, unsigned long long *), unsigned, unsigned> cdp_later;
// CHECK-NEXT:   [&] {
// CHECK-NEXT: #line [[#@LINE-21]]
// CHECK-NEXT:   int r = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK:          if (cdp::serial::fewerThreads((length + 127) / 128, 128, 4096)) cdp_later.hold((length + 127) / 128, 128, values + first, length, &sums[r]); else cdp_launch_longRow(longRow,
// CHECK:          sums[r] = sum;
// CHECK-NEXT:   }();
// CHECK-NEXT:   cdp_later.run<longRow_serial<0>>();
// CHECK-NEXT: #line [[#@LINE-14]]
// CHECK-NEXT: }

/// The other way is an else branch; the body's braces share its lines.
__global__ void rowsOrFill(int *table, int count) { int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r % 4 == 0)
    fill<<<2, 32, 0, cudaStreamFireAndForget>>>(table + r * 64, 64, r);
  else
    for (int i = 0; i < 64; ++i)
      table[r * 64 + i] = -i; }
// REMARK: optimize-at-thread-end.cu:[[@LINE-4]]:5: remark: launch of 'fill' runs in the launching warp below 4096 threads, at the end of the launching thread, where its warp's other lanes join it, and launches above (--optimize)
// CHECK-LABEL: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS rowsOrFill(int *table, int count) {
// CHECK-NEXT:   // Serial runs of 'fill': at this thread's end, where the whole
// CHECK-NEXT:   // warp shares them, not only the lanes that launch (cdp-lower --optimize).
// CHECK-NEXT:   cdp::serial::Later<void(int *, int, int), unsigned, unsigned> cdp_later;
// CHECK-NEXT:   [&] {
// CHECK-NEXT: #line [[#@LINE-12]]
// CHECK-NEXT:  int r = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK:          { if (cdp::serial::fewerThreads(2, 32, 4096)) cdp_later.hold(2, 32, table + r * 64, 64, r); else
// CHECK:            table[r * 64 + i] = -i; }(); cdp_later.run<fill_serial<0>>(); }

/// A grid and block written as dim3: the holder keeps them so. (Written
/// as numbers, above, they are held as `unsigned`, which tells the run
/// that its grids are one-dimensional.)
__global__ void rowsOfBlocks(int *table, int count) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r % 4 == 0) {
    fill<<<dim3(2), dim3(32), 0, cudaStreamFireAndForget>>>(table + r * 64, 64, r);
    return;
  }
  table[r * 64] = r;
}
// REMARK: optimize-at-thread-end.cu:[[@LINE-5]]:5: remark: launch of 'fill' runs in the launching warp below 4096 threads, at the end of the launching thread, where its warp's other lanes join it, and launches above (--optimize)
// CHECK-LABEL: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS rowsOfBlocks(int *table, int count) {
// CHECK:          cdp::serial::Later<void(int *, int, int)> cdp_later;
// CHECK:          cdp_later.hold(dim3(2), dim3(32), table + r * 64, 64, r); else
// CHECK:          cdp_later.run<fill_serial<0>>();

/// Nothing else to do: the lanes that do not launch would only wait.
__global__ void onlyLaunches(int *table, int count) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < count)
    fill<<<1, 64, 0, cudaStreamFireAndForget>>>(table + r * 64, 64, r);
}
// REMARK: optimize-at-thread-end.cu:[[@LINE-2]]:5: remark: launch of 'fill' runs in the launching warp below 4096 threads, and launches above (--optimize)
// CHECK-LABEL: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS onlyLaunches(int *table, int count) {
// CHECK-NEXT:   int r = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT:   if (r < count)
// CHECK-NEXT:     { if (cdp::serial::fewerThreads(1, 64, 4096)) fill_serial<cdp::serial::sameArguments<1>>(1, 64,

/// Reached once per turn of a loop: a thread would hold several grids.
__global__ void inLoop(int *table, int count) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < 2; ++i) {
    if (r % 2) {
      fill<<<1, 64, 0, cudaStreamFireAndForget>>>(table + r * 64, 64, i);
      continue;
    }
    table[r] = i;
  }
}
// REMARK: optimize-at-thread-end.cu:[[@LINE-6]]:7: remark: launch of 'fill' runs in the launching warp below 4096 threads, and launches above (--optimize)
// CHECK-LABEL: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS inLoop(int *table, int count) {
// CHECK-NEXT:   int r = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT:   for (int i = 0; i < 2; ++i) {

/// A label in the body: a goto could reach the launch again.
__global__ void withLabel(int *table, int count) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
again:
  if (r % 2) {
    fill<<<1, 64, 0, cudaStreamFireAndForget>>>(table + r * 64, 64, r);
    return;
  }
  if (++r < count)
    goto again;
}
// REMARK: optimize-at-thread-end.cu:[[@LINE-6]]:5: remark: launch of 'fill' runs in the launching warp below 4096 threads, and launches above (--optimize)
// CHECK-LABEL: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS withLabel(int *table, int count) {
// CHECK-NEXT:   int r = blockIdx.x * blockDim.x + threadIdx.x;

/// Two launches: each keeps its serial run at the launch.
__global__ void twoLaunches(int *table, int count) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r % 2) {
    fill<<<1, 64, 0, cudaStreamFireAndForget>>>(table + r * 64, 64, r);
    return;
  }
  fill<<<1, 32, 0, cudaStreamFireAndForget>>>(table + r * 64, 32, -r);
  table[r] = 0;
}
// REMARK: optimize-at-thread-end.cu:[[@LINE-6]]:5: remark: launch of 'fill' runs in the launching warp below 4096 threads, and launches above (--optimize)
// REMARK: optimize-at-thread-end.cu:[[@LINE-4]]:3: remark: launch of 'fill' runs in the launching warp below 4096 threads, and launches above (--optimize)
// CHECK-LABEL: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS twoLaunches(int *table, int count) {
// CHECK-NEXT:   int r = blockIdx.x * blockDim.x + threadIdx.x;

/// A __device__ function's end is not the thread's.
__device__ void rowOf(int *table, int r) {
  if (r % 2) {
    fill<<<1, 64, 0, cudaStreamFireAndForget>>>(table + r * 64, 64, r);
    return;
  }
  table[r] = 0;
}
// REMARK: optimize-at-thread-end.cu:[[@LINE-5]]:5: remark: launch of 'fill' runs in the launching warp below 4096 threads, and launches above (--optimize)
// CHECK-LABEL: __device__ void rowOf(int *table, int r) {
// CHECK-NEXT:   if (r % 2) {

/// A template's pattern: its parameter types are not known yet.
template <class T>
__global__ void typed(T *table, int count) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r % 2) {
    fill<<<1, 64, 0, cudaStreamFireAndForget>>>(table + r * 64, 64, r);
    return;
  }
  table[r] = 0;
}
template __global__ void typed<int>(int *, int);
// REMARK: optimize-at-thread-end.cu:[[@LINE-6]]:5: remark: launch of 'fill' runs in the launching warp below 4096 threads, and launches above (--optimize)
// CHECK-LABEL: __global__ void CDP_RUNTIME_LAUNCH_BOUNDS typed(T *table, int count) {
// CHECK-NEXT:   int r = blockIdx.x * blockDim.x + threadIdx.x;

template __global__ void longRow<int>(const int *, int, unsigned long long *);
