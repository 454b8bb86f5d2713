// Off by default:
// RUN: %cdp-lower --check-only %s 2>&1 | count 0
// RUN: %cdp-lower --check-only -Wcdp-unchecked-launch %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-W'
// RUN: %clang-cdp-plugin --cuda-gpu-arch=sm_90 \
// RUN:   -fplugin-arg-cdp-Wcdp-unchecked-launch %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-W'
// As an error, the way clang spells a promoted warning:
// RUN: not %cdp-lower --check-only -Werror=cdp-unchecked-launch %s 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERROR
// ERROR: unchecked-launch.cu:26:3: error: the error of this launch of 'child' is never read{{.*}} [-Werror,-Wcdp-unchecked-launch]
//
// cdp-unchecked-launch: a device-side launch whose error nobody reads.

#include <cuda_runtime.h>

__global__ void child() {}

__global__ void unchecked() {
  // CHECK: unchecked-launch.cu:[[@LINE+1]]:3: warning: the error of this launch of 'child' is never read: a device-side launch that fails (for example when the pending-launch pool is full) reports it only through cudaGetLastError(); check it after the launch [-Wcdp-unchecked-launch]
  child<<<1, 1>>>();
}

__global__ void checkedBeforeOnly() {
  cudaGetLastError();
  child<<<1, 1>>>();
  // CHECK: unchecked-launch.cu:[[@LINE-1]]:3: warning: the error of this launch of 'child' is never read{{.*}} [-Wcdp-unchecked-launch]
}

// Not reported: the error is read after the launch.
__global__ void checked(int *status) {
  child<<<1, 1>>>();
  *status = cudaGetLastError();
}
__global__ void peeked(int *status) {
  child<<<1, 1>>>();
  if (cudaPeekAtLastError() != cudaSuccess)
    *status = 1;
}
