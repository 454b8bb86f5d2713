// RUN: not %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
//
// cdp-sync-depth-limit: under CDP2 the limit is unsupported, set or queried.
// RUN: %cdp-lower --check-only %s -- -std=c++17 --cuda-gpu-arch=sm_80 \
// RUN:   -DCUDA_FORCE_CDP1_IF_SUPPORTED 2>&1 | count 0

#include <cuda_runtime.h>

int main() {
  // CHECK: sync-depth-limit.cu:[[@LINE+3]]:22: error: cudaLimitDevRuntimeSyncDepth is not supported under CDP2: no parent grid can wait for its children, so there is no synchronization depth to reserve or query, and cudaDeviceSetLimit fails with cudaErrorUnsupportedLimit; remove the call [-Wcdp-sync-depth-limit]
  // CHECK-NEXT: cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, 4);
  // CHECK: sync-depth-limit.cu:[[@LINE+1]]:22: note: cdp-lower --migrate-cdp1 removes the call, and where its result is used gives cudaSuccess instead
  cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, 4);
  size_t depth = 0;
  // CHECK: sync-depth-limit.cu:[[@LINE+1]]:30: error: cudaLimitDevRuntimeSyncDepth is not supported under CDP2: {{.*}} and cudaDeviceGetLimit fails with cudaErrorUnsupportedLimit; remove the call [-Wcdp-sync-depth-limit]
  cudaDeviceGetLimit(&depth, cudaLimitDevRuntimeSyncDepth);
  // Not reported: the limits CDP2 still has.
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 4096);
  cudaDeviceSetLimit(cudaLimitStackSize, 2048);
  return 0;
}
