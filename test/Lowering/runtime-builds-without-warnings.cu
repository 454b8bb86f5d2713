// RUN: rm -rf %t && mkdir %t
// RUN: %cdp-lower --aggregate=warp %s -o %t/warp.cu 2>/dev/null
// RUN: %strip-checks %t/warp.cu | FileCheck --check-prefix=WARP %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t/warp.cu -o %t/warp.o
// RUN: %cdp-lower --aggregate=block %s -o %t/block.cu 2>/dev/null
// RUN: %strip-checks %t/block.cu | FileCheck --check-prefix=BLOCK %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t/block.cu -o %t/block.o
// RUN: %cdp-lower --aggregate=group %s -o %t/group.cu 2>/dev/null
// RUN: %strip-checks %t/group.cu | FileCheck --check-prefix=GROUP %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t/group.cu -o %t/group.o
// RUN: %cdp-lower --aggregate=grid %s -o %t/grid.cu 2>/dev/null
// RUN: %strip-checks %t/grid.cu | FileCheck --check-prefix=GRID %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t/grid.cu -o %t/grid.o
// RUN: %cdp-lower --threshold=4096 %s -o %t/threshold.cu 2>/dev/null
// RUN: %strip-checks %t/threshold.cu | FileCheck --check-prefix=THRESHOLD %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t/threshold.cu -o %t/threshold.o
// RUN: %cdp-lower --coarsen=4 %s -o %t/coarsen.cu 2>/dev/null
// RUN: %strip-checks %t/coarsen.cu | FileCheck --check-prefix=COARSEN %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t/coarsen.cu -o %t/coarsen.o
// RUN: %cdp-lower --optimize --runtime-checks %s -o %t/optimize.cu 2>/dev/null
// RUN: %strip-checks %t/optimize.cu | FileCheck --check-prefix=OPTIMIZE %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t/optimize.cu -o %t/optimize.o
// RUN: %cdp-lower %s -o %t/lowered.cu 2>/dev/null
// RUN: %strip-checks %t/lowered.cu | FileCheck --check-prefix=LOWERED %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t/lowered.cu -o %t/lowered.o
// RUN: %cdp-lower --emit=explicit %s -o %t/explicit.cu 2>/dev/null
// RUN: %strip-checks %t/explicit.cu | FileCheck --check-prefix=EXPLICIT %s
// RUN: %nvcc-rdc -Werror all-warnings -c %t/explicit.cu -o %t/explicit.o
//
// The runtime's headers are part of every lowered build: a warning in
// them is one in each of the user's builds (nvcc's #842-D on a scope's
// template once did). Each form of output, compiled with every warning an
// error; the checks say the form is the one asked for.
//
// WARP: byWarp(child_aggregated,
// BLOCK: BlockScope<typed_aggregated<int>, 2>
// GROUP: GroupScope<typed_aggregated<int>, 4, 2>
// GRID: GridScope<typed_aggregated<int>, 2>
// THRESHOLD: cdp::serial::byWarpFirst<child_thread
// COARSEN: cdp::coarse::launch<4>(child_coarsened
// OPTIMIZE: cdp::CheckedDeviceLaunch
// OPTIMIZE: BlockScope<rows_aggregated>
// LOWERED: cdp::oneThreadOfBlock
// EXPLICIT: cudaLaunchDeviceV2(cdp_buffer, cdp_stream);

__global__ void child(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = i;
}

template <class T> __global__ void typed(T *out, T v) {
  out[threadIdx.x] = v;
}

__global__ void parent(int *out, const int *sizes) {
  int n = sizes[threadIdx.x];
  child<<<(n + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(out, n);
}

// A child whose threads loop: --optimize aggregates its larger grids by
// block (the template's children, which do not loop, launch unaggregated
// above its threshold).
__global__ void rows(int *out, int n) {
  for (int k = threadIdx.x; k < n; k += blockDim.x)
    out[k] += k;
}

__global__ void rowsParent(int *out, const int *sizes) {
  int n = sizes[threadIdx.x];
  rows<<<(n + 31) / 32, 32, 0, cudaStreamFireAndForget>>>(out, n);
}

// One child named twice in a template: a second scope, numbered apart.
template <class T> __global__ void templateParent(T *out, int *more) {
  typed<T><<<1, 32, 0, cudaStreamFireAndForget>>>(out, T(1));
  typed<int><<<1, 32, 0, cudaStreamFireAndForget>>>(more, 2);
}
template __global__ void templateParent<float>(float *, int *);
template __global__ void templateParent<int>(int *, int *);

__global__ void oneThread(int *out, int n) {
  if (threadIdx.x == 0)
    child<<<(n + 31) / 32, 32>>>(out, n);
}
