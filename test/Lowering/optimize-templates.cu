// RUN: %cdp-lower --optimize --optimize-remarks %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --optimize %t.cu | diff -u %t.cu -
// RUN: %strip-checks %t.cu | FileCheck %s --check-prefix=OUT
//
// In a template whose parameters choose the child, --optimize chooses from
// the kernels the template's instances launch, as it does from the kernel
// a launch names: a child whose threads loop runs in the launching warp
// below 32 threads, not 4,096, and a function whose children all run there
// at 4,096 launches unaggregated above it. (It once saw no child in a
// template's launches, and chose as for a child that neither loops nor
// launches.)

template <class T> __global__ void accumulate(T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    out[i] += T(k);
}

template <class T> __global__ void scale(T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] *= T(2);
}

template <class T> __global__ void accumulateAll(T *out, int n) {
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'accumulate<T>' runs in the launching warp below 32 threads (its threads loop), and is aggregated by block above (--optimize)
  accumulate<T><<<n / 32 + 1, 32, 0, cudaStreamFireAndForget>>>(out + threadIdx.x, n);
}

template <class T> __global__ void scaleAll(T *out, int n) {
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'scale<T>' runs in the launching warp below 4096 threads, and launches above (--optimize)
  scale<T><<<n / 32 + 1, 32, 0, cudaStreamFireAndForget>>>(out + threadIdx.x, n);
}

template __global__ void accumulateAll<int>(int *, int);
template __global__ void accumulateAll<float>(float *, int);
template __global__ void scaleAll<int>(int *, int);

// The same launches outside a template get the same choices.
__global__ void accumulateInts(int *out, int n) {
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'accumulate<int>' runs in the launching warp below 32 threads (its threads loop), and is aggregated by block above (--optimize)
  accumulate<<<n / 32 + 1, 32, 0, cudaStreamFireAndForget>>>(out + threadIdx.x, n);
}

__global__ void scaleInts(int *out, int n) {
  // CHECK: :[[@LINE+1]]:3: remark: launch of 'scale<int>' runs in the launching warp below 4096 threads, and launches above (--optimize)
  scale<<<n / 32 + 1, 32, 0, cudaStreamFireAndForget>>>(out + threadIdx.x, n);
}

// OUT-LABEL: accumulateAll(T *out, int n)
// OUT: if (cdp::serial::fewerThreads(n / 32 + 1, 32, 32)) accumulate_serial<
// OUT-LABEL: scaleAll(T *out, int n)
// OUT: if (cdp::serial::fewerThreads(n / 32 + 1, 32, 4096)) scale_serial<
