// RUN: not %cdp-lower --check-only %s -- -ferror-limit=0 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp' --implicit-check-not='no matching function'
// RUN: not %clang-cdp-plugin --cuda-gpu-arch=sm_90 %s 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='[-Wcdp' --implicit-check-not='no matching function'
//
// cdp-host-only-api: runtime functions the device runtime does not have.
// clang's own "no matching function" error gives way to ours, which names
// the rule and the device-side alternative.

#include <cuda_runtime.h>

__device__ int symbol;

__global__ void parent(int *data, cudaStream_t s, cudaEvent_t e) {
  // CHECK: host-only-api.cu:[[@LINE+1]]:3: error: cudaStreamSynchronize is host-only: the device runtime does not provide it; device code cannot wait for a stream; launch the work that depends on it into cudaStreamTailLaunch [-Wcdp-host-only-api]
  cudaStreamSynchronize(s);
  // CHECK: host-only-api.cu:[[@LINE+1]]:3: error: cudaStreamQuery is host-only: the device runtime does not provide it; device code cannot poll a stream; order dependent work with cudaStreamWaitEvent or cudaStreamTailLaunch [-Wcdp-host-only-api]
  cudaStreamQuery(s);
  // CHECK: host-only-api.cu:[[@LINE+1]]:3: error: cudaEventSynchronize is host-only: the device runtime does not provide it; to order work after the event, use cudaStreamWaitEvent [-Wcdp-host-only-api]
  cudaEventSynchronize(e);
  // CHECK: host-only-api.cu:[[@LINE+1]]:3: error: cudaEventQuery is host-only: the device runtime does not provide it; to order work after the event, use cudaStreamWaitEvent [-Wcdp-host-only-api]
  cudaEventQuery(e);
  float ms;
  // CHECK: host-only-api.cu:[[@LINE+1]]:3: error: cudaEventElapsedTime is host-only: the device runtime does not provide it; device-side events carry no timing (they require cudaEventDisableTiming); time with clock64() or globaltimer instead [-Wcdp-host-only-api]
  cudaEventElapsedTime(&ms, e, e);
  // CHECK: host-only-api.cu:[[@LINE+1]]:3: error: cudaSetDevice is host-only: the device runtime does not provide it; device code runs on the device it was launched on; cudaGetDevice returns it [-Wcdp-host-only-api]
  cudaSetDevice(0);
  cudaDeviceProp props;
  // CHECK: host-only-api.cu:[[@LINE+1]]:3: error: cudaGetDeviceProperties is host-only: the device runtime does not provide it; query single properties with cudaDeviceGetAttribute [-Wcdp-host-only-api]
  cudaGetDeviceProperties(&props, 0);
  // CHECK: host-only-api.cu:[[@LINE+1]]:3: error: cudaMemcpyToSymbol is host-only: the device runtime does not provide it; assign to the __device__ variable directly, or cudaMemcpyAsync to its address [-Wcdp-host-only-api]
  cudaMemcpyToSymbol(symbol, data, sizeof(int));
  void *address;
  // CHECK: host-only-api.cu:[[@LINE+1]]:3: error: cudaGetSymbolAddress is host-only: the device runtime does not provide it; take the variable's address with '&' [-Wcdp-host-only-api]
  cudaGetSymbolAddress(&address, symbol);
  // CHECK: host-only-api.cu:[[@LINE+1]]:3: error: cudaMemcpy is host-only: the device runtime does not provide it; use cudaMemcpyAsync (device to device only) on a non-blocking stream [-Wcdp-host-only-api]
  cudaMemcpy(data, data + 1, sizeof(int), cudaMemcpyDeviceToDevice);

  // Not reported: what the device runtime supports.
  cudaMemcpyAsync(data, data + 1, sizeof(int), cudaMemcpyDeviceToDevice, s);
  cudaStreamWaitEvent(s, e, 0);
  int device;
  cudaGetDevice(&device);
  int value;
  cudaDeviceGetAttribute(&value, cudaDevAttrMultiProcessorCount, device);
  cudaGetLastError();
}

// The same calls on the host: not reported.
void host(int *data, cudaStream_t s) {
  cudaStreamSynchronize(s);
  cudaMemcpy(data, data + 1, sizeof(int), cudaMemcpyDeviceToDevice);
  cudaSetDevice(0);
}
