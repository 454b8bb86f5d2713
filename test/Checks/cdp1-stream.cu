// RUN: not %cdp-lower --check-only %s -- -std=c++17 --cuda-gpu-arch=sm_80 \
// RUN:   -DCUDA_FORCE_CDP1_IF_SUPPORTED 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_80 \
// RUN:   -DCUDA_FORCE_CDP1_IF_SUPPORTED %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
//
// cdp-cdp1-stream: the tail-launch and fire-and-forget streams are CDP2's.
// The same file is fine under CDP2, the default:
// RUN: %cdp-lower --check-only %s -- -std=c++17 --cuda-gpu-arch=sm_80 2>&1 \
// RUN:   | count 0
// sm_90 runs CDP2 even with the macro, but the headers still hide the names:
// RUN: not %cdp-lower --check-only %s -- -std=c++17 --cuda-gpu-arch=sm_90 \
// RUN:   -DCUDA_FORCE_CDP1_IF_SUPPORTED 2>&1 | FileCheck %s --check-prefix=SM90
// SM90: cdp1-stream.cu:29:20: error: cudaStreamTailLaunch is hidden by CUDA_FORCE_CDP1_IF_SUPPORTED: the CUDA headers define it only when CDP1 is not requested, although sm_90 and later always run CDP2; remove CUDA_FORCE_CDP1_IF_SUPPORTED [-Wcdp-cdp1-stream]

#include <cuda_runtime.h>

__global__ void child() {}

#define AFTER_THIS_GRID cudaStreamTailLaunch

__global__ void parent() {
  // CHECK: cdp1-stream.cu:[[@LINE+1]]:20: error: cudaStreamTailLaunch exists only under CDP2, but this file is built for CDP1 (CUDA_FORCE_CDP1_IF_SUPPORTED on a target below sm_90); remove CUDA_FORCE_CDP1_IF_SUPPORTED, or launch into a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) [-Wcdp-cdp1-stream]
  child<<<1, 1, 0, cudaStreamTailLaunch>>>();
  // CHECK: cdp1-stream.cu:[[@LINE+1]]:20: error: cudaStreamFireAndForget exists only under CDP2{{.*}} [-Wcdp-cdp1-stream]
  child<<<1, 1, 0, cudaStreamFireAndForget>>>();
  // CHECK: cdp1-stream.cu:[[@LINE+1]]:20: error: cudaStreamTailLaunch exists only under CDP2{{.*}} [-Wcdp-cdp1-stream]
  child<<<1, 1, 0, AFTER_THIS_GRID>>>();
  // Not reported: the streams CDP1 has.
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  child<<<1, 1, 0, s>>>();
  child<<<1, 1, 0, 0>>>();
}
