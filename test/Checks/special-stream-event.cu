// RUN: not %cdp-lower --check-only %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// Per-thread default stream: the headers rename the calls (cudaEventRecord
// becomes cudaEventRecord_ptsz); the findings are the same.
// RUN: not %cdp-lower --check-only %s -- -DCUDA_API_PER_THREAD_DEFAULT_STREAM \
// RUN:   2>&1 | FileCheck %s --implicit-check-not='[-Wcdp'
//
// cdp-special-stream-event: the tail-launch and fire-and-forget streams
// take no events.

#include <cuda_runtime.h>

__global__ void parent() {
  cudaEvent_t e;
  cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
  // CHECK: special-stream-event.cu:[[@LINE+1]]:22: error: cudaEventRecord cannot use cudaStreamTailLaunch: the tail-launch and fire-and-forget streams take no events, and the call returns cudaErrorInvalidValue; use a stream created with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) [-Wcdp-special-stream-event]
  cudaEventRecord(e, cudaStreamTailLaunch);
  // CHECK: special-stream-event.cu:[[@LINE+1]]:22: error: cudaEventRecord cannot use cudaStreamFireAndForget{{.*}} [-Wcdp-special-stream-event]
  cudaEventRecord(e, cudaStreamFireAndForget);
  // CHECK: special-stream-event.cu:[[@LINE+1]]:23: error: cudaStreamWaitEvent cannot use cudaStreamTailLaunch{{.*}} [-Wcdp-special-stream-event]
  cudaStreamWaitEvent(cudaStreamTailLaunch, e, 0);
  // CHECK: special-stream-event.cu:[[@LINE+1]]:23: error: cudaStreamWaitEvent cannot use cudaStreamFireAndForget{{.*}} [-Wcdp-special-stream-event]
  cudaStreamWaitEvent(cudaStreamFireAndForget, e, 0);

  // Not reported: created streams and the null stream.
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaEventRecord(e, s);
  cudaStreamWaitEvent(s, e, 0);
  cudaEventRecord(e, 0);
}
