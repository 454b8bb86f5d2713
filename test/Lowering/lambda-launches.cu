// RUN: %cdp-lower --aggregate=warp --threshold=64 %s -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARNINGS --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.cu -o %t.o
// RUN: %cdp-lower --aggregate=warp --threshold=64 %t.cu | diff -u %t.cu -
// RUN: %strip-checks %t.cu | FileCheck %s
// RUN: %cdp-lower --coarsen=2 %s -o %t.coarse.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=COARSE-WARNINGS --implicit-check-not=warning:
// RUN: %nvcc-rdc -c %t.coarse.cu -o %t.coarse.o
// RUN: %strip-checks %t.coarse.cu | FileCheck %s --check-prefix=COARSE
//
// A lambda written without attributes in a kernel runs on the GPU alone,
// though clang marks it __host__ __device__: its launches are transformed
// as a __device__ lambda's are. One in a __host__ __device__ function runs
// on either side, and its launch is only lowered.

#include <type_traits>

__global__ void child(int *out) { out[blockIdx.x * blockDim.x + threadIdx.x] = 1; }

__host__ __device__ void either(int *out) {
  auto go = [=](int i) {
    child<<<1, 32, 0, cudaStreamFireAndForget>>>(out + i);
    // WARNINGS: :[[@LINE-1]]:5: warning: launch of 'child' always launches a grid under --threshold, even a small one: it is in a __host__ __device__ function
    // WARNINGS: :[[@LINE-2]]:5: warning: launch of 'child' is not aggregated by warp, only lowered: it is in a __host__ __device__ function
    // COARSE-WARNINGS: :[[@LINE-3]]:5: warning: launch of 'child' keeps one block per block asked for under --coarsen: it is in a __host__ __device__ function
  };
  go(0);
}

__global__ void parent(int *out, int n) {
  auto go = [=](int i) {
    child<<<n / 32, 32, 0, cudaStreamFireAndForget>>>(out + i);
    // CHECK: if (cdp::serial::fewerThreads(n / 32, 32, 64)) child_serial(n / 32, 32, out + i); else cdp::aggregated::byWarp(child_aggregated, {n / 32, 32, 0, cudaStreamFireAndForget}, out + i);
    // COARSE: cdp::coarse::launch<2>(child_coarsened, {n / 32, 32, 0, cudaStreamFireAndForget}, out + i);
  };
  go(threadIdx.x * n);
  either(out);
}

// A generic lambda's launches are transformed from the instances of its
// call operator, as a function template's are: the kernel template's
// argument written from the lambda's `auto`, and a kernel that its
// arguments make dependent.
template <class T> __global__ void fill(T *out) { out[threadIdx.x] = T(1); }

__global__ void generic(int *ints, float *floats, int n) {
  auto go = [=](auto *out) {
    fill<std::remove_pointer_t<decltype(out)>><<<n / 32, 32, 0, cudaStreamFireAndForget>>>(out);
    // CHECK: if (cdp::serial::fewerThreads(n / 32, 32, 64)) fill_serial<0, std::remove_pointer_t<decltype(out)>>(n / 32, 32, out); else cdp::aggregated::byWarp(fill_aggregated<std::remove_pointer_t<decltype(out)>>, {n / 32, 32, 0, cudaStreamFireAndForget}, out);
    // COARSE: cdp::coarse::launch<2>(fill_coarsened<std::remove_pointer_t<decltype(out)>>, {n / 32, 32, 0, cudaStreamFireAndForget}, out);
    child<<<n / 32, 32, 0, cudaStreamFireAndForget>>>(ints + (out - out));
    // CHECK: if (cdp::serial::fewerThreads(n / 32, 32, 64)) child_serial(n / 32, 32, ints + (out - out)); else cdp::aggregated::byWarp(child_aggregated, {n / 32, 32, 0, cudaStreamFireAndForget}, ints + (out - out));
  };
  go(ints);
  go(floats);
}
