// RUN: not %cdp-lower --check-only %s -- -std=c++17 -fdiagnostics-parseable-fixits 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 -fdiagnostics-parseable-fixits %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp'
//
// cdp-device-stream-flags: device-side streams must be non-blocking and
// device-side events must not time; cudaStreamCreate is host-only.

#include <cuda_runtime.h>

__global__ void parent(unsigned runtimeFlags) {
  cudaStream_t s;
  // CHECK: device-stream-flags.cu:[[@LINE+1]]:3: error: cudaStreamCreate is host-only; in device code create the stream with cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking): the device runtime has only non-blocking streams [-Wcdp-device-stream-flags]
  cudaStreamCreate(&s);
  // CHECK: device-stream-flags.cu:[[@LINE+2]]:33: error: cudaStreamCreateWithFlags in device code requires the cudaStreamNonBlocking flag: the device runtime supports no other kind; pass cudaStreamNonBlocking [-Wcdp-device-stream-flags]
  // CHECK: fix-it:"{{.*}}device-stream-flags.cu":{[[@LINE+1]]:33-[[@LINE+1]]:50}:"cudaStreamNonBlocking"
  cudaStreamCreateWithFlags(&s, cudaStreamDefault);
  // CHECK: device-stream-flags.cu:[[@LINE+2]]:33: error: cudaStreamCreateWithFlags in device code requires the cudaStreamNonBlocking flag{{.*}} [-Wcdp-device-stream-flags]
  // CHECK: fix-it:"{{.*}}device-stream-flags.cu":{[[@LINE+1]]:33-[[@LINE+1]]:34}:"cudaStreamNonBlocking"
  cudaStreamCreateWithFlags(&s, 0);

  cudaEvent_t e;
  // CHECK: device-stream-flags.cu:[[@LINE+2]]:32: error: cudaEventCreateWithFlags in device code requires the cudaEventDisableTiming flag: the device runtime supports no other kind; pass cudaEventDisableTiming [-Wcdp-device-stream-flags]
  // CHECK: fix-it:"{{.*}}device-stream-flags.cu":{[[@LINE+1]]:32-[[@LINE+1]]:48}:"cudaEventDisableTiming"
  cudaEventCreateWithFlags(&e, cudaEventDefault);
  // A flag is there but not the required one: no fix-it, the user decides.
  // CHECK: device-stream-flags.cu:[[@LINE+1]]:32: error: cudaEventCreateWithFlags in device code requires the cudaEventDisableTiming flag{{.*}} [-Wcdp-device-stream-flags]
  cudaEventCreateWithFlags(&e, cudaEventBlockingSync);

  // Not reported: the right flags, alone or with others, and flags only
  // known at run time.
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaEventCreateWithFlags(&e, cudaEventDisableTiming);
  cudaEventCreateWithFlags(&e, cudaEventDisableTiming | cudaEventInterprocess);
  cudaStreamCreateWithFlags(&s, runtimeFlags);
}

// The host may create any stream: not reported.
void host() {
  cudaStream_t s;
  cudaStreamCreate(&s);
  cudaStreamCreateWithFlags(&s, cudaStreamDefault);
}
